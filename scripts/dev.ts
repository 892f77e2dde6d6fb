// npm run dev: the API server with reload (tsx watch) and Vite's dev server with hot reload,
// which proxies /api and /objects to it. Open http://localhost:5173.
import { spawn } from "node:child_process";

const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "src/server/main.ts"], {
    stdio: "inherit",
    env: { NODE_ENV: "development", ...process.env },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], { stdio: "inherit", env: process.env }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => { stop(); process.exitCode = code ?? 0; });
