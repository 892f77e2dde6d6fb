// Runs one autocannon load in its own process (so the load generator never shares the server's
// event loop) and prints the result as one JSON line. Input: the JSON job on stdin (a list of
// 10 000 lookup paths does not fit in argv: MAX_ARG_STRLEN is 128 kB). SIGUSR2 ends the load
// early (a side load that lasts as long as an import); the result is printed all the same.
import autocannon from "autocannon";
import { readFileSync } from "node:fs";

interface Job {
  url: string;
  connections: number;
  duration: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Paths to rotate through (GET) — chosen at random per request. */
  paths?: string[];
  /** For POST bodies: a template with {{n}} replaced by a unique number and {{code}} by a random code. */
  bodyTemplate?: string;
  codes?: string[];
  /**
   * Lookups with writes (issue 22): per connection, with this probability a pre-alert POST for a
   * random client code, and that connection's next request is the lookup of the same code; else
   * the lookup of a random code. Needs `codes`; `bodyTemplate` is the pre-alert's body.
   */
  writeProbability?: number;
  /**
   * Each of `paths` once, in order, shared by the connections (a warm-up that asks for every
   * answer), then the load ends; `duration` is only a cap.
   */
  once?: boolean;
  /** Requests per second per connection (a side load); unset: as fast as answers come. */
  connectionRate?: number;
  /** Seconds before a request counts as a time-out (autocannon's default is 10). */
  timeout?: number;
}

/** Non-2xx answers kept to say why they happened (status, what was asked, the start of the body). */
interface Sample {
  status: number;
  request: string;
  body: string;
}

interface Context {
  /** The client code whose lookup this connection owes after a pre-alert. */
  pending?: string;
  /** What the request in flight asked (for the samples of non-2xx answers). */
  asked?: string;
}

const job = JSON.parse(readFileSync(0, "utf8")) as Job;
let counter = 0;
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const samples: Sample[] = [];
const lookupPath = (code: string) => `/api/clients/trackings?code=${encodeURIComponent(code)}`;
const preAlertBody = (code: string) =>
  job.bodyTemplate!.replaceAll("{{n}}", `${process.pid}-${++counter}`).replaceAll("{{code}}", code);

type Req = autocannon.Request;
const keepSample = (status: number, body: string, context: Context) => {
  if (status >= 200 && status < 300) return;
  if (samples.length < 5) samples.push({ status, request: context.asked ?? "?", body: body.slice(0, 200) });
};

/**
 * autocannon resets a connection's context each time it wraps around its list of requests, so the
 * write mix repeats one step many times: the pending lookup survives from one request to the next.
 * The last step never starts a write (its lookup would fall after the reset).
 */
const MIX_STEPS = 1000;
function writeMixStep(last: boolean) {
  return {
    setupRequest(req: Req, context: Context): Req {
      const codes = job.codes!;
      if (context.pending) {
        const path = lookupPath(context.pending);
        context.pending = undefined;
        context.asked = `GET ${path} (after its pre-alert)`;
        return { ...req, method: "GET", path, body: undefined, headers: {} };
      }
      if (!last && Math.random() < job.writeProbability!) {
        const code = pick(codes);
        context.pending = code;
        const body = preAlertBody(code);
        context.asked = `POST /api/clients/trackings ${body}`;
        return { ...req, method: "POST", path: "/api/clients/trackings", body, headers: { "content-type": "application/json" } };
      }
      const path = lookupPath(pick(codes));
      context.asked = `GET ${path}`;
      return { ...req, method: "GET", path, body: undefined, headers: {} };
    },
    onResponse: keepSample,
  };
}

let next = 0;
const plainStep = {
  setupRequest(req: Req, context: Context): Req {
    const r = { ...req };
    if (job.once && job.paths?.length) r.path = job.paths[next++ % job.paths.length];
    else if (job.paths?.length) r.path = pick(job.paths);
    if (job.bodyTemplate) r.body = preAlertBody(job.codes?.length ? pick(job.codes) : "");
    context.asked = `${r.method ?? "GET"} ${r.path ?? ""}${r.body ? ` ${String(r.body)}` : ""}`;
    return r;
  },
  onResponse: keepSample,
};

const instance = autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  method: job.method ?? "GET",
  headers: job.headers,
  // autocannon's correction for coordinated omission takes 1/rate (seconds) as an interval in ms,
  // which would add ~1 000 made-up samples per second of a slow answer: latencies as measured.
  ...(job.connectionRate ? { connectionRate: job.connectionRate, ignoreCoordinatedOmission: true } : {}),
  ...(job.timeout ? { timeout: job.timeout } : {}),
  ...(job.once && job.paths?.length ? { amount: job.paths.length } : {}),
  requests:
    job.writeProbability !== undefined
      ? Array.from({ length: MIX_STEPS }, (_, i) => writeMixStep(i === MIX_STEPS - 1))
      : [plainStep],
});

/** The write mix's latencies by kind (autocannon's own figures mix them): every answer, any status. */
const byKind: Record<"lookup" | "preAlert", number[]> = { lookup: [], preAlert: [] };
if (job.writeProbability !== undefined) {
  // Emitted before the connection builds its next request, so its context still says what this answer was for.
  instance.on("response", (client: unknown, _status: number, _bytes: number, responseTime: number) => {
    const context = (client as { requestIterator?: { context?: Context } }).requestIterator?.context;
    (context?.asked?.startsWith("POST") ? byKind.preAlert : byKind.lookup).push(responseTime);
  });
}
const summary = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted[sorted.length - 1] ?? 0) };
};

process.on("SIGUSR2", () => instance.stop());
// The parent waits for this line before starting what a side load accompanies.
instance.once("start", () => process.stdout.write("started\n"));

instance.on("done", (result) => {
  const status: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) status[code] = count;
  process.stdout.write(
    JSON.stringify({
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      total: result.requests.total,
      status: { "2xx": result["2xx"], "4xx": result["4xx"], "5xx": result["5xx"] },
      statusCodes: status,
      ...(job.writeProbability !== undefined ? { preAlerts: counter, byKind: { lookup: summary(byKind.lookup), preAlert: summary(byKind.preAlert) } } : {}),
      ...(samples.length ? { samples } : {}),
    }) + "\n",
  );
});
