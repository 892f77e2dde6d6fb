// Test helper: a stand-in for a public exchange-rate endpoint on 127.0.0.1. Each fake answers
// with a status and JSON body, can hold its answer until released (to catch a request that
// waits when it should not), or never answer at all (time-outs). It counts the requests.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeRateBehaviour =
  | { kind: "json"; status?: number; body: unknown }
  | { kind: "text"; status?: number; body: string }
  | { kind: "hang" };

export interface FakeRateServer {
  url: string;
  hits: number;
  /** Changes what later requests get. */
  set(behaviour: FakeRateBehaviour): void;
  /** Makes requests wait until release() is called. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export async function startFakeRateServer(initial: FakeRateBehaviour): Promise<FakeRateServer> {
  let behaviour = initial;
  let held: (() => void)[] | null = null;
  const state = { hits: 0 };
  const server: Server = createServer((_req, res) => {
    state.hits++;
    const answer = () => {
      if (behaviour.kind === "hang") return;
      res.statusCode = behaviour.status ?? 200;
      res.setHeader("content-type", behaviour.kind === "json" ? "application/json" : "text/plain");
      res.end(behaviour.kind === "json" ? JSON.stringify(behaviour.body) : behaviour.body);
    };
    if (held) held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v6/latest/USD`,
    get hits() {
      return state.hits;
    },
    set(next) {
      behaviour = next;
    },
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
