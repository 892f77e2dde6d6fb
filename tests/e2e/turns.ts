// Two journey files at a time (decision 210): most journeys share the run's server and its data,
// and were written to run one after another, so they take turns on it: a file holds the turn
// from before its first hook to after its last (turn-setup.ts), and the next waits for it. The
// files listed here neither change nor depend on what other files do on that server (each starts
// a server of its own, or only reads pages and finds its own rows by unique values): they run
// beside whichever file has the turn. A new journey takes turns unless it is added here.
import { createServer, connect, type Socket } from "node:net";
import path from "node:path";

export const BESIDE_OTHERS = new Set([
  // A server of their own (the shared one only for reading public pages, prerender).
  "back-office.test.ts",
  "challenge.test.ts",
  "invoices.test.ts",
  "prerender.test.ts",
  "sign-in-flood.test.ts",
  "staff-accounts.test.ts",
  // Reads the public pages; its one contact message is found by its own address.
  "public-site.test.ts",
]);

export const runsBesideOthers = (file: string) => BESIDE_OTHERS.has(path.basename(file));

/**
 * The turn, served by the global set-up on 127.0.0.1: a file connects and has the turn once it
 * reads "turno"; it gives it back by closing the connection, which a worker that dies does too.
 * First come, first served.
 */
export async function startTurnServer(): Promise<{ port: number; close(): Promise<void> }> {
  const queue: Socket[] = [];
  const next = () => {
    queue[0]?.write("turno\n");
  };
  const server = createServer((socket) => {
    socket.on("error", () => {});
    socket.on("close", () => {
      const index = queue.indexOf(socket);
      if (index < 0) return;
      queue.splice(index, 1);
      if (index === 0) next();
    });
    queue.push(socket);
    if (queue.length === 1) next();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of queue) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Waits for the turn; the returned socket holds it until it is ended. */
export function takeTurn(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("error", reject);
    socket.once("data", () => resolve(socket));
  });
}
