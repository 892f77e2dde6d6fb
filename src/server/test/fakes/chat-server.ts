// Test helper: a stand-in for an OpenAI-compatible /chat/completions endpoint on 127.0.0.1. It
// records each request (headers and JSON body) and answers what the test sets: a completion
// whose message content is the given text, an HTTP error, or nothing at all (time-outs).
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeChatBehaviour =
  | { kind: "content"; content: string }
  | { kind: "raw"; status: number; body: string }
  | { kind: "hang" };

export interface RecordedChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeChatServer {
  /** The base URL to put in AI_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: RecordedChatRequest[];
  set(behaviour: FakeChatBehaviour): void;
  close(): Promise<void>;
}

export function completionBody(content: string): string {
  return JSON.stringify({
    id: "chatcmpl-prueba",
    object: "chat.completion",
    created: 1714575600,
    model: "modelo-de-prueba",
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });
}

export async function startFakeChatServer(initial: FakeChatBehaviour): Promise<FakeChatServer> {
  let behaviour = initial;
  const requests: RecordedChatRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        // recorded as empty
      }
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      if (behaviour.kind === "hang") return;
      if (req.url !== "/v1/chat/completions") {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { message: "not found", code: "not_found" } }));
        return;
      }
      res.setHeader("content-type", "application/json");
      if (behaviour.kind === "raw") {
        res.statusCode = behaviour.status;
        res.end(behaviour.body);
        return;
      }
      res.end(completionBody(behaviour.content));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    set(next) {
      behaviour = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
