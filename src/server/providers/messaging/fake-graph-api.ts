// A small stand-in for the WhatsApp Business Cloud API on 127.0.0.1, for tests only. It
// speaks the real protocol (path, Bearer token, template body, Graph error shape) and can be
// scripted to fail, stall or answer late, so adapters and workers are tested end to end.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeGraphRequest {
  path: string;
  authorization: string | undefined;
  body: {
    messaging_product?: string;
    to?: string;
    type?: string;
    template?: {
      name?: string;
      language?: { code?: string };
      components?: { type?: string; parameters?: { type?: string; text?: string }[] }[];
    };
  };
}

export type FakeGraphAnswer =
  | { status: number; body?: unknown; delayMs?: number }
  /** Never answers (the client's time-out must fire). */
  | { hang: true };

export interface FakeGraphApi {
  /** Base URL as WHATSAPP_API_URL expects it (with the API version). */
  url: string;
  token: string;
  phoneNumberId: string;
  /** Every request received, in order. */
  requests: FakeGraphRequest[];
  /** Requests answered 200 (messages the "provider" accepted). */
  accepted: FakeGraphRequest[];
  /** Answers for the next requests, in order; afterwards every valid request succeeds. */
  script(...answers: FakeGraphAnswer[]): void;
  /** Delay every successful answer (to make concurrent senders overlap). */
  setSuccessDelay(ms: number): void;
  close(): Promise<void>;
}

export const graphError = (status: number, message: string, code: number) => ({
  status,
  body: { error: { message, type: "OAuthException", code, fbtrace_id: "AbCdEf123" } },
});

export async function startFakeGraphApi(options: { token?: string; phoneNumberId?: string } = {}): Promise<FakeGraphApi> {
  const token = options.token ?? "token-de-prueba";
  const phoneNumberId = options.phoneNumberId ?? "1234567890";
  const requests: FakeGraphRequest[] = [];
  const accepted: FakeGraphRequest[] = [];
  const queue: FakeGraphAnswer[] = [];
  let successDelay = 0;
  let counter = 0;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: FakeGraphRequest["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = {};
      }
      const request: FakeGraphRequest = { path: req.url ?? "", authorization: req.headers.authorization, body };
      requests.push(request);
      const answer = (): FakeGraphAnswer => {
        if (req.method !== "POST" || request.path !== `/v21.0/${phoneNumberId}/messages`) {
          return graphError(400, "Unsupported post request.", 100);
        }
        if (request.authorization !== `Bearer ${token}`) {
          return graphError(401, "Invalid OAuth access token - Cannot parse access token", 190);
        }
        const t = body.template;
        if (body.messaging_product !== "whatsapp" || body.type !== "template" || !body.to || !t?.name || !t.language?.code) {
          return graphError(400, "(#100) Invalid parameter", 100);
        }
        const scripted = queue.shift();
        if (scripted) return scripted;
        return {
          status: 200,
          delayMs: successDelay,
          body: {
            messaging_product: "whatsapp",
            contacts: [{ input: body.to, wa_id: body.to }],
            messages: [{ id: `wamid.fake${++counter}` }],
          },
        };
      };
      const a = answer();
      if ("hang" in a) return;
      const reply = () => {
        if (a.status === 200) accepted.push(request);
        // A string body goes out as is (a proxy's error page); anything else as JSON.
        const text = typeof a.body === "string" ? a.body : JSON.stringify(a.body ?? {});
        res.writeHead(a.status, { "content-type": typeof a.body === "string" ? "text/plain" : "application/json" });
        res.end(text);
      };
      if (a.delayMs) setTimeout(reply, a.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    token,
    phoneNumberId,
    requests,
    accepted,
    script: (...answers) => void queue.push(...answers),
    setSuccessDelay: (ms) => void (successDelay = ms),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The env a test app needs to send through the fake. */
export function fakeGraphEnv(fake: FakeGraphApi): Record<string, string> {
  return { WHATSAPP_TOKEN: fake.token, WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId, WHATSAPP_API_URL: fake.url };
}
