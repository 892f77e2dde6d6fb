// The production runtime (decision 165): `npm run build` bundles the server into plain JavaScript
// and `npm run serve` runs it with plain node, no TypeScript loader. The bundle checked here is the
// test run's compiled server (compiledEntry: buildServer into a folder of the run, shared with the
// other process tests), started on an empty database (a new PGlite folder, and an empty
// PostgreSQL database as well when DATABASE_URL is set): the migrations, the .xls worker and the PDF fonts
// must be found from the compiled output, the operator scripts must run from it, and SIGTERM
// must end it cleanly.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../src/server/test/free-port";
import { RUNTIME_FILES, SERVER_ENTRIES } from "./build-server";
import { compiledEntry, createScratchDatabase, waitForHealth } from "./lib/processes";

const PASSWORD = "clave-de-prueba-compilado";
const root = path.resolve(".tmp", `build-server-${process.pid}`);
let outDir: string;
const staticDir = path.join(root, "static");
let scratch: { url: string; drop(): Promise<void> } | undefined;

beforeAll(async () => {
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><html><head><title>EI</title></head><body></body></html>");
  // Under .tmp in the project: the bundle finds the packages in the project's node_modules. Only
  // read here, never written: other files of the run start the same build.
  outDir = path.dirname(await compiledEntry("main"));
  if (process.env.DATABASE_URL) scratch = await createScratchDatabase(process.env.DATABASE_URL, "ei_build_server");
}, 60_000);

afterAll(async () => {
  await scratch?.drop();
  rmSync(root, { recursive: true, force: true });
});

function env(dataDir: string, database: "pglite" | "postgres"): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    ENV_FILE: "none",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: "warn",
    EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
    ...(database === "postgres" && scratch ? { DATABASE_URL: scratch.url } : {}),
  };
}

describe("npm run build and npm run serve", () => {
  it("serve and start run the compiled server with plain node, and build compiles it", () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(scripts.build).toContain("scripts/build-server.ts");
    for (const name of ["serve", "start"]) {
      expect(scripts[name]).toMatch(/exec node (--enable-source-maps )?dist\/server\/main\.js$/);
      expect(scripts[name]).not.toContain("tsx");
    }
  });

  it("writes plain JavaScript that imports no TypeScript loader, with the files it reads beside it", () => {
    for (const name of Object.keys(SERVER_ENTRIES)) expect(existsSync(path.join(outDir, `${name}.js`)), name).toBe(true);
    for (const name of Object.values(RUNTIME_FILES)) expect(existsSync(path.join(outDir, name)), name).toBe(true);
    expect(existsSync(path.join(outDir, "migrations", "meta", "_journal.json"))).toBe(true);
    for (const file of readdirSync(outDir).filter((f) => /\.m?js$/.test(f))) {
      const code = readFileSync(path.join(outDir, file), "utf8");
      expect(code, file).not.toMatch(/from\s*["']tsx|import\(["']tsx|["']\.{1,2}\/[^"']*\.tsx?["']/);
    }
  });

  it("bundles no test code: no fake, fixture, test helper or test file is among its sources", () => {
    // The linked source maps list every project file esbuild put in the bundle (decision 175).
    const maps = readdirSync(outDir).filter((f) => f.endsWith(".js.map"));
    expect(maps.length).toBeGreaterThan(0);
    const sources = maps.flatMap((map) => {
      const { sources } = JSON.parse(readFileSync(path.join(outDir, map), "utf8")) as { sources: string[] };
      return sources.map((source) => path.relative(process.cwd(), path.resolve(outDir, source)).split(path.sep).join("/"));
    });
    expect(sources).toContain("src/server/providers/storage/s3.ts");
    expect(sources.filter((source) => /(^|\/)test\/|(^|\/)tests\/|\.test\.|(^|\/)fake-|fixture/.test(source))).toEqual([]);
  });

  it("starts the .xls worker from the compiled output", async () => {
    const worker = new Worker(path.join(outDir, "xls-worker.mjs"), {
      workerData: { buffer: new Uint8Array([1, 2, 3, 4]).buffer, maxRows: 10, maxColumns: 10 },
      execArgv: [],
    });
    const answer = await new Promise<unknown>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    await worker.terminate();
    // Four bytes are no workbook: the worker loaded SheetJS and answered.
    expect(answer).toMatchObject({ ok: expect.any(Boolean) });
  });

  // An empty PGlite folder always (the first start of `npm start`: initdb, then the migrations);
  // an empty PostgreSQL database too when DATABASE_URL is set (CI's process run, decision 239).
  for (const database of process.env.DATABASE_URL ? (["pglite", "postgres"] as const) : (["pglite"] as const)) it(
    `serves on an empty ${database === "pglite" ? "PGlite folder" : "PostgreSQL database"} (migrated from the compiled output), draws a PDF, stops on SIGTERM, and the operator scripts run from it`,
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(root, `data-${database}`);
      const port = await freePort();
      const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", path.join(outDir, "main.js")], {
        env: { ...env(dataDir, database), PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      try {
        const base = `http://127.0.0.1:${port}`;
        await waitForHealth(`${base}/api/health`, child, 90_000).catch((error: Error) => {
          throw new Error(`${error.message}\n${output}`);
        });
        // No loader in the process: plain node and the bundle.
        const commandLine = readFileSync(`/proc/${child.pid}/cmdline`, "utf8").split("\0");
        expect(commandLine.join(" ")).not.toContain("tsx");
        expect((await fetch(`${base}/`)).status).toBe(200);

        // A PDF: the fonts are found through their packages from the compiled output.
        const login = await fetch(`${base}/api/admin/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ password: PASSWORD }),
        });
        expect(login.status).toBe(200);
        const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
        const created = await fetch(`${base}/api/admin/shipments`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ formaEnvio: "AVION", numeroGuia: "GUIA-COMPILADO-1", fecha: "2026-11-27" }),
        });
        expect(created.status, await created.clone().text()).toBe(201);
        const { shipment } = (await created.json()) as { shipment: { id: number } };
        const pdf = await fetch(`${base}/api/admin/shipments/${shipment.id}/manifest.pdf`, { headers: auth });
        expect(pdf.status).toBe(200);
        expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");

        child.kill("SIGTERM");
        expect(await exited, output).toBe(0);
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }

      // The operator scripts, from the same output (the server has let go of the data folder).
      const verify = spawnSync(process.execPath, [path.join(outDir, "audit-verify.js")], { env: env(dataDir, database), encoding: "utf8" });
      expect(verify.status, verify.stderr).toBe(0);
      if (database === "pglite") {
        const backup = spawnSync(process.execPath, [path.join(outDir, "backup.js"), "--out", path.join(root, "backups")], {
          env: env(dataDir, database),
          encoding: "utf8",
        });
        expect(backup.status, backup.stderr).toBe(0);
        expect(readdirSync(path.join(root, "backups")).filter((f) => f.endsWith(".tar.gz"))).toHaveLength(1);
      }
    },
  );
});
