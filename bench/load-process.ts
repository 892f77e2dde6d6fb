// What the benches share: the load generator in its own process (bench/load.ts) and the admin
// pages they ask for.
import { spawn } from "node:child_process";

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  total: number;
  status: Record<string, number>;
  /** Answers by status code. */
  statusCodes: Record<string, number>;
  /** Pre-alerts sent by the write mix. */
  preAlerts?: number;
  /** The write mix's answers by kind (every status). */
  byKind?: Record<"lookup" | "preAlert", { count: number; p50: number; p99: number; max: number }>;
  /** A few non-2xx answers: what was asked and the start of the answer. */
  samples?: { status: number; request: string; body: string }[];
}

export type LoadJob = Record<string, unknown>;

/** One load in its own process (bench/load.ts), the job on its stdin; resolves with its result. */
export function load(job: LoadJob): Promise<LoadResult> {
  return startLoad(job).result;
}

/**
 * Starts a load; `started` resolves once autocannon runs, `stop()` ends it early (SIGUSR2) and
 * resolves with the result like the end of its duration would.
 */
export function startLoad(job: LoadJob): { started: Promise<void>; result: Promise<LoadResult>; stop(): Promise<LoadResult> } {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/load.ts"], { stdio: ["pipe", "pipe", "inherit"] });
  child.stdin.end(JSON.stringify(job));
  let out = "";
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  child.stdout.on("data", (d) => {
    out += d;
    if (out.includes("started\n")) markStarted();
  });
  const result = new Promise<LoadResult>((resolve, reject) => {
    child.on("exit", (code) => {
      markStarted();
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(out.trim().split("\n").pop()!) as LoadResult);
    });
  });
  return {
    started,
    result,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGUSR2");
      return result;
    },
  };
}

/** Filtered admin pages the benchmark asks for (a search, each filter, a later page). */
export const ADMIN_FILTERS = [
  "/api/clients?q=maria&page=1",
  "/api/clients?estado=EN_ADUANAS&page=1",
  "/api/clients?whatsapp=pendientes&page=2",
  "/api/clients?update=necesitan&page=1",
  "/api/clients?update=hoy&estado=LISTO_PARA_ENTREGAR&page=1",
  "/api/clients?page=40",
  "/api/admin/packages?q=jimenez",
  "/api/admin/packages?estado=EN_ADUANAS&sort=cliente",
  "/api/admin/packages?needsUpdate=1&page=3",
];
