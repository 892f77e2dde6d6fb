// Runs one autocannon load in its own process (so the load generator never shares the server's
// event loop) and prints the result as one JSON line. Input: a JSON job as argv[2].
import autocannon from "autocannon";

interface Job {
  url: string;
  connections: number;
  duration: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Paths to rotate through (GET) — chosen at random per request. */
  paths?: string[];
  /** For POST bodies: a template with {{n}} replaced by a counter and {{code}} by a random code. */
  bodyTemplate?: string;
  codes?: string[];
}

const job = JSON.parse(process.argv[2]) as Job;
let counter = 0;
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

const instance = autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  method: job.method ?? "GET",
  headers: job.headers,
  requests: [
    {
      setupRequest(req) {
        const r = { ...req };
        if (job.paths?.length) r.path = pick(job.paths);
        if (job.bodyTemplate) {
          counter++;
          r.body = job.bodyTemplate
            .replaceAll("{{n}}", `${process.pid}${counter}`)
            .replaceAll("{{code}}", job.codes?.length ? pick(job.codes) : "");
        }
        return r;
      },
    },
  ],
});

instance.on("done", (result) => {
  process.stdout.write(
    JSON.stringify({
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      total: result.requests.total,
      status: { "2xx": result["2xx"], "4xx": result["4xx"], "5xx": result["5xx"] },
    }) + "\n",
  );
});
