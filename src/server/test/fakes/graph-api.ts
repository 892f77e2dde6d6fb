// A small stand-in for the WhatsApp Business Cloud API on 127.0.0.1, for tests and development.
// It speaks the real protocol (path, Bearer token, template body, Graph error shape) and can be
// scripted to fail, stall or answer late, so adapters and workers are tested end to end. With a
// webhook configured it also plays Meta's other half (issue 35): after each accepted send it
// POSTs the status reports (sent, delivered, read; failed for a number told to fail) signed with
// the app secret like Meta's X-Hub-Signature-256, and it posts a client's message on command.
import { createHash, createHmac, randomBytes } from "node:crypto";
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
    recipient_type?: string;
    /** A free-text message (a staff reply or the BAJA / ALTA answer, inside the 24-hour window). */
    text?: { body?: string; preview_url?: boolean };
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
  /** Where to POST signed webhooks (the app's /api/whatsapp/webhook) and the app secret to sign with. */
  setWebhook(url: string, appSecret: string): void;
  /** The reports sent after each accepted message (default sent, delivered, read; [] for none). */
  setAutoStatuses(statuses: ("sent" | "delivered" | "read")[]): void;
  /** Messages to this number are accepted, then reported failed with Meta's code. */
  failNumber(number: string, code: number, title?: string): void;
  /** Posts one status report of a message now (in order after the webhooks already queued). */
  sendStatus(report: WebhookStatus): Promise<void>;
  /** Posts a client's message now, as Meta would (text unless `message` says otherwise). */
  postIncoming(from: string, message: IncomingWebhookMessage, profileName?: string): Promise<void>;
  /**
   * A client's file the stand-in serves like Graph's media endpoint (GET /{media-id} for its
   * address, then the address, both with the token); returns its media id.
   */
  addMedia(bytes: Uint8Array, mimeType: string): string;
  /** Answers for the next media requests (GET /{media-id}), in order; afterwards they succeed. */
  scriptMedia(...answers: FakeGraphAnswer[]): void;
  /** Media ids asked for (GET /{media-id}) and files downloaded, in order. */
  mediaRequests: { path: string; authorization: string | undefined }[];
  /** Every webhook posted, with the app's answer status. */
  webhooks: { body: string; status: number }[];
  /** Resolves when every queued webhook has been posted and answered. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** A status object as Meta puts it in `value.statuses` (Meta's StatusMessageValue schema). */
export interface WebhookStatus {
  id: string;
  status: "sent" | "delivered" | "read" | "failed";
  recipient_id: string;
  /** Unix seconds as a string; default now. */
  timestamp?: string;
  errors?: { code: number; title: string; message?: string; error_data?: { details: string } }[];
}

/** A message object as Meta puts it in `value.messages` (without from/id/timestamp, filled in). */
export type IncomingWebhookMessage = { type: string; id?: string; timestamp?: string } & Record<string, unknown>;

/** The stand-in's sample files: a 1×1 PNG and a one-page PDF. */
export const SAMPLE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "base64",
);
export const SAMPLE_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

export const FAKE_WABA_ID = "102290129340398";
export const FAKE_DISPLAY_NUMBER = "50640000000";

const unixNow = () => String(Math.floor(Date.now() / 1000));

/** A whole webhook body of status reports, as Meta sends it. */
export function statusWebhookBody(phoneNumberId: string, statuses: WebhookStatus[]) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: FAKE_WABA_ID,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: FAKE_DISPLAY_NUMBER, phone_number_id: phoneNumberId },
              statuses: statuses.map((s) => ({
                ...s,
                timestamp: s.timestamp ?? unixNow(),
                ...(s.status === "failed"
                  ? {}
                  : {
                      conversation: { id: `conv-${s.recipient_id}`, origin: { type: "utility" } },
                      pricing: { billable: true, pricing_model: "PMP", category: "utility" },
                    }),
              })),
            },
          },
        ],
      },
    ],
  };
}

let incomingCounter = 0;

/** A whole webhook body of one client's message, as Meta sends it. */
export function incomingWebhookBody(phoneNumberId: string, from: string, message: IncomingWebhookMessage, profileName = "Cliente de prueba") {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: FAKE_WABA_ID,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: FAKE_DISPLAY_NUMBER, phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: profileName }, wa_id: from }],
              messages: [{ from, id: `wamid.in${Date.now().toString(36)}${++incomingCounter}`, timestamp: unixNow(), ...message }],
            },
          },
        ],
      },
    ],
  };
}

/** Meta's signature header of a body. */
export function signWebhook(body: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
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
  // Final for the automatic retries, but staff may press "Reintentar" later (decision 200).
  ecosystemEngagement: graphError(400, "(#131049) This message was not delivered to maintain healthy ecosystem engagement.", 131049),
  notAllowedRecipient: graphError(400, "(#131030) Recipient phone number not in allowed list", 131030, {
    details: "Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.",
  }),
  templateMissing: graphError(404, "(#132001) Template name does not exist in the translation", 132001, {
    details: "template name (estado_paquete) does not exist in es",
  }),
  expiredToken: graphError(401, "Error validating access token: Session has expired.", 190, { subcode: 463 }),
} satisfies Record<string, FakeGraphAnswer>;

export async function startFakeGraphApi(
  options: { token?: string; phoneNumberId?: string; port?: number; webhook?: { url: string; appSecret: string } } = {},
): Promise<FakeGraphApi> {
  const token = options.token ?? "token-de-prueba";
  const phoneNumberId = options.phoneNumberId ?? "1234567890";
  const requests: FakeGraphRequest[] = [];
  const accepted: FakeGraphRequest[] = [];
  const queue: FakeGraphAnswer[] = [];
  let successDelay = 0;
  let counter = 0;
  // Ids unique across fakes that share a database (a reused test database, a dev restart).
  const runId = randomBytes(4).toString("hex");
  let webhook = options.webhook;
  let autoStatuses: ("sent" | "delivered" | "read")[] = ["sent", "delivered", "read"];
  const failing = new Map<string, { code: number; title: string }>();
  const webhooks: { body: string; status: number }[] = [];
  const media = new Map<string, { bytes: Uint8Array; mimeType: string }>();
  const mediaQueue: FakeGraphAnswer[] = [];
  const mediaRequests: { path: string; authorization: string | undefined }[] = [];
  let baseUrl = "";
  const addMedia = (bytes: Uint8Array, mimeType: string): string => {
    const id = `${Date.now()}${String(++counter).padStart(4, "0")}${randomBytes(3).readUIntBE(0, 3)}`;
    media.set(id, { bytes, mimeType });
    return id;
  };
  // One chain, so the reports of a message arrive in the order Meta sends them.
  let posting: Promise<void> = Promise.resolve();
  const post = (body: unknown): Promise<void> => {
    const target = webhook;
    if (!target) return posting;
    const text = JSON.stringify(body);
    posting = posting.then(async () => {
      try {
        const res = await fetch(target.url, {
          method: "POST",
          headers: { "content-type": "application/json", "x-hub-signature-256": signWebhook(text, target.appSecret) },
          body: text,
        });
        await res.arrayBuffer();
        webhooks.push({ body: text, status: res.status });
      } catch {
        webhooks.push({ body: text, status: 0 });
      }
    });
    return posting;
  };
  const afterAccepted = (wamid: string, to: string) => {
    const failure = failing.get(to);
    if (failure) {
      void post(
        statusWebhookBody(phoneNumberId, [
          { id: wamid, status: "failed", recipient_id: to, errors: [{ code: failure.code, title: failure.title, message: failure.title, error_data: { details: failure.title } }] },
        ]),
      );
      return;
    }
    for (const status of autoStatuses) void post(statusWebhookBody(phoneNumberId, [{ id: wamid, status, recipient_id: to }]));
  };

  /** Graph's media endpoint: GET /{version}/{media-id} answers the file's address; GET /media/{media-id} the bytes. */
  const answerMedia = (request: FakeGraphRequest, res: ServerResponse) => {
    mediaRequests.push({ path: request.path, authorization: request.authorization });
    const send = (a: FakeGraphAnswer) => {
      if ("hang" in a) return;
      res.writeHead(a.status, { "content-type": typeof a.body === "string" ? "text/plain" : "application/json", ...a.headers });
      res.end(typeof a.body === "string" ? a.body : JSON.stringify(a.body ?? {}));
    };
    if (request.authorization !== `Bearer ${token}`) return send(graphError(401, "Invalid OAuth access token - Cannot parse access token", 190));
    const download = /^\/media\/(\d+)$/.exec(request.path);
    if (download) {
      const file = media.get(download[1]);
      if (!file) return send({ status: 404, body: "Not Found" });
      res.writeHead(200, { "content-type": file.mimeType, "content-length": String(file.bytes.byteLength) });
      res.end(Buffer.from(file.bytes));
      return;
    }
    const scripted = mediaQueue.shift();
    if (scripted) return send(scripted);
    const id = new RegExp(`^/${GRAPH_API_VERSION}/(\\d+)$`).exec(request.path)?.[1];
    const file = id ? media.get(id) : undefined;
    if (!id || !file) {
      return send(graphError(400, `Unsupported get request. Object with ID '${id ?? ""}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 100, { subcode: 33 }));
    }
    send({
      status: 200,
      body: {
        messaging_product: "whatsapp",
        url: `${baseUrl}/media/${id}`,
        mime_type: file.mimeType,
        sha256: createHash("sha256").update(file.bytes).digest("hex"),
        file_size: file.bytes.byteLength,
        id,
      },
    });
  };

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
      if (req.method === "GET") {
        answerMedia(request, res);
        return;
      }
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
        // A template, or free text (a reply inside the customer-service window).
        const validText = body.type === "text" && typeof body.text?.body === "string" && body.text.body !== "";
        const validTemplate = body.type === "template" && !!t?.name && !!t.language?.code;
        if (body.messaging_product !== "whatsapp" || !body.to || !(validText || validTemplate)) {
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
            messages: [{ id: `wamid.fake${runId}x${++counter}` }],
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
        // Meta reports what became of an accepted message through the webhook, after the answer.
        const wamid = (a.body as { messages?: { id?: string }[] } | undefined)?.messages?.[0]?.id;
        if (a.status === 200 && wamid && request.body.to) afterAccepted(wamid, request.body.to);
      };
      if (a.delayMs) setTimeout(reply, a.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  /** A client's image or document without an id gets a file the stand-in serves (a small PNG or PDF). */
  const withMedia = (message: IncomingWebhookMessage): IncomingWebhookMessage => {
    const part = message[message.type] as Record<string, unknown> | undefined;
    if ((message.type !== "image" && message.type !== "document") || !part || typeof part.id === "string") return message;
    const file = message.type === "image" ? { bytes: SAMPLE_PNG, mimeType: "image/png" } : { bytes: SAMPLE_PDF, mimeType: "application/pdf" };
    const id = addMedia(file.bytes, file.mimeType);
    const sha256 = createHash("sha256").update(file.bytes).digest("base64");
    return { ...message, [message.type]: { mime_type: file.mimeType, sha256, ...part, id } };
  };
  return {
    url: `http://127.0.0.1:${port}/${GRAPH_API_VERSION}`,
    token,
    phoneNumberId,
    requests,
    accepted,
    script: (...answers) => void queue.push(...answers),
    setSuccessDelay: (ms) => void (successDelay = ms),
    setWebhook: (url, appSecret) => void (webhook = { url, appSecret }),
    setAutoStatuses: (statuses) => void (autoStatuses = statuses),
    failNumber: (number, code, title = "Message undeliverable") => void failing.set(number, { code, title }),
    sendStatus: (report) => post(statusWebhookBody(phoneNumberId, [report])),
    postIncoming: (from, message, profileName) => post(incomingWebhookBody(phoneNumberId, from, withMedia(message), profileName)),
    addMedia,
    scriptMedia: (...answers) => void mediaQueue.push(...answers),
    mediaRequests,
    webhooks,
    settle: async () => {
      // Posting can queue more (none today), so wait until the chain stops growing.
      let last: Promise<void>;
      do {
        last = posting;
        await last;
      } while (last !== posting);
    },
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
