// A small stand-in for the WhatsApp Business Cloud API on 127.0.0.1, for tests only. It
// speaks the real protocol (path, Bearer token, template body, Graph error shape) and can be
// scripted to fail, stall or answer late, so adapters and workers are tested end to end.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { GRAPH_API_VERSION } from "../../providers/messaging/whatsapp-cloud";

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
  | { status: number; body?: unknown; delayMs?: number; headers?: Record<string, string> }
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

/** An error answer as Meta sends it: {error: {message, type, code, error_subcode, error_data, fbtrace_id}}. */
export const graphError = (
  status: number,
  message: string,
  code: number,
  more: { subcode?: number; details?: string; headers?: Record<string, string> } = {},
) => ({
  status,
  headers: more.headers,
  body: {
    error: {
      message,
      type: "OAuthException",
      code,
      ...(more.subcode !== undefined ? { error_subcode: more.subcode } : {}),
      ...(more.details ? { error_data: { messaging_product: "whatsapp", details: more.details } } : {}),
      fbtrace_id: "AbCdEf123",
    },
  },
});

/**
 * Meta's answers for the failures staff meet, as the Cloud API sends them (note the HTTP 400
 * of the throttling codes: only the code in the body says "try again later").
 */
export const META_ERRORS = {
  throughput: graphError(400, "(#130429) Rate limit hit", 130429, {
    subcode: 2494055,
    details: "Cloud API message throughput has been reached.",
  }),
  pairRateLimit: graphError(400, "(#131056) (Business Account, Consumer Account) pair rate limit hit", 131056, {
    details: "Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.",
  }),
  accountRateLimit: graphError(400, "(#80007) Rate limit issues", 80007, {
    details: "The WhatsApp Business Account has reached its rate limit.",
  }),
  appCallLimit: graphError(400, "(#4) Application request limit reached", 4),
  undeliverable: graphError(400, "(#131026) Message undeliverable", 131026, {
    details: "Message Undeliverable.",
  }),
  notAllowedRecipient: graphError(400, "(#131030) Recipient phone number not in allowed list", 131030, {
    details: "Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.",
  }),
  templateMissing: graphError(404, "(#132001) Template name does not exist in the translation", 132001, {
    details: "template name (estado_paquete) does not exist in es",
  }),
  expiredToken: graphError(401, "Error validating access token: Session has expired.", 190, { subcode: 463 }),
} satisfies Record<string, FakeGraphAnswer>;

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
        if (req.method !== "POST" || request.path !== `/${GRAPH_API_VERSION}/${phoneNumberId}/messages`) {
          return graphError(
            400,
            `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
            100,
            { subcode: 33 },
          );
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
        res.writeHead(a.status, { "content-type": typeof a.body === "string" ? "text/plain" : "application/json", ...a.headers });
        res.end(text);
      };
      if (a.delayMs) setTimeout(reply, a.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${GRAPH_API_VERSION}`,
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
