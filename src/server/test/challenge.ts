// Solving the server's proof-of-work challenges in tests, as the browser widget does: fetch one
// from GET /api/challenge, brute-force it with altcha-lib's solver, and send the payload in the
// x-altcha header. Tests keep POW_COST and POW_MAX_COUNTER tiny so a solve takes a millisecond;
// the verification on the server is the real one.
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { CHALLENGE_HEADER, CHALLENGE_REQUIRED_CODE, CHALLENGE_URL, CODE_PASS_HEADER } from "../../shared/api/challenge";

/** Environment of a test app whose challenges are cheap to solve. */
export const CHEAP_POW_ENV = { POW_COST: "1", POW_MAX_COUNTER: "4" };

/**
 * The x-altcha value for a freshly solved challenge fetched from `remoteAddress`: the one a 428
 * named (its price and code) when given, else the plain one.
 */
export async function solvedChallenge(app: FastifyInstance, remoteAddress: string, asked?: LightMyRequestResponse | string): Promise<string> {
  const url = typeof asked === "string" ? asked : asked ? (asked.json() as { challengeUrl: string }).challengeUrl : CHALLENGE_URL;
  const res = await app.inject({ method: "GET", url, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("challenge not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

export function asksForChallenge(res: LightMyRequestResponse): boolean {
  // A HEAD answer has no body: its status says it.
  return res.statusCode === 428 && (res.body === "" || res.json().code === CHALLENGE_REQUIRED_CODE);
}

/**
 * A visitor's browser: sends the request with the solution and the code passes it holds; on a
 * 428 solves the challenge the answer names (counted in `solved`, its price summed in `work`) and
 * sends it again, as the widget and API client do. `app` may change between calls (another
 * instance behind the same balancer).
 */
export function browserAt(app: FastifyInstance, remoteAddress: string) {
  let held: string | undefined;
  const passes: string[] = [];
  const visitor = {
    solved: 0,
    work: 0,
    passes,
    async send(options: Omit<InjectOptions, "remoteAddress">, via: FastifyInstance = app): Promise<LightMyRequestResponse> {
      const once = async () => {
        const res = await via.inject({
          ...options,
          remoteAddress,
          headers: {
            ...options.headers,
            ...(held ? { [CHALLENGE_HEADER]: held } : {}),
            ...(passes.length ? { [CODE_PASS_HEADER]: passes.join(",") } : {}),
          },
        });
        const pass = res.headers[CODE_PASS_HEADER];
        if (typeof pass === "string" && !passes.includes(pass)) passes.unshift(pass);
        return res;
      };
      const res = await once();
      if (!asksForChallenge(res)) return res;
      visitor.work += Number(res.body ? res.json().price ?? 1 : 1);
      held = await solvedChallenge(via, remoteAddress, res.body ? res : undefined);
      visitor.solved++;
      return once();
    },
  };
  return visitor;
}
