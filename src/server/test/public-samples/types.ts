// A real call of one public route, with what it needs prepared (issue 33 item 3): the all-routes
// test (src/server/all-routes.test.ts) makes each and holds the answer to the route's contract.
import type { TestApp } from "../app";

export interface PublicSampleCall {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** The status the sample expects (default: any 2xx). */
  status?: number;
}

export type PublicSample = (t: TestApp) => Promise<PublicSampleCall>;

/** Samples by "METHOD /path" as Fastify registers the route ("GET /api/coupons/:clientCode"). */
export type PublicSamples = Record<string, PublicSample>;
