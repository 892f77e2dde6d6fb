// The WhatsApp Cloud API adapter against a fake Graph API on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createMessagingProvider } from "./index";
import { fakeGraphEnv, graphError, META_ERRORS, startFakeGraphApi, type FakeGraphApi } from "../../test/fakes/graph-api";
import { MessagingError, type OutgoingMessage } from "./types";
import { createWhatsappCloudProvider, templateParameterText } from "./whatsapp-cloud";

const message: OutgoingMessage = {
  kind: "WHATSAPP_ENTRY_STATUS",
  to: "50688887777",
  body: "Hola Ana:\n\nTu paquete 1Z999 va en tránsito.",
  parameters: ["Ana", "1Z999", "En tránsito"],
};

async function failure(promise: Promise<unknown>): Promise<MessagingError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MessagingError);
  return error as MessagingError;
}

describe("WhatsApp Cloud API adapter", () => {
  let fake: FakeGraphApi;
  beforeAll(async () => {
    fake = await startFakeGraphApi();
  });
  afterAll(async () => {
    await fake.close();
  });

  const provider = (timeoutMs?: number) =>
    createWhatsappCloudProvider({
      token: fake.token,
      phoneNumberId: fake.phoneNumberId,
      apiUrl: fake.url,
      language: "es_MX",
      templates: { welcome: "bienvenida_cliente", status: "estado_paquete", entryStatus: "estado_tracking", ready: "paquete_listo_pago", reply: "respuesta_consulta" },
      timeoutMs,
    });

  it("is chosen from configuration only when both token and phone number id are set", () => {
    expect(createMessagingProvider(loadConfig({})).configured).toBe(false);
    expect(createMessagingProvider(loadConfig({ WHATSAPP_TOKEN: "x" })).configured).toBe(false);
    const chosen = createMessagingProvider(loadConfig(fakeGraphEnv(fake)));
    expect(chosen.name).toBe("whatsapp-cloud");
    expect(chosen.configured).toBe(true);
  });

  it("sends a template message with the Bearer token and returns the provider's id", async () => {
    const before = fake.requests.length;
    const result = await provider().send(message);
    expect(result.providerMessageId).toMatch(/^wamid\./);
    const sent = fake.requests[before];
    expect(sent.authorization).toBe(`Bearer ${fake.token}`);
    expect(sent.path).toBe(`/v25.0/${fake.phoneNumberId}/messages`);
    expect(sent.body).toMatchObject({
      messaging_product: "whatsapp",
      to: "50688887777",
      type: "template",
      template: {
        name: "estado_tracking",
        language: { code: "es_MX" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ana" },
              { type: "text", text: "1Z999" },
              { type: "text", text: "En tránsito" },
            ],
          },
        ],
      },
    });
  });

  it("picks the template of each message kind", async () => {
    const before = fake.requests.length;
    await provider().send({ ...message, kind: "WELCOME", parameters: ["Ana", "EX4K7P2M"] });
    await provider().send({ ...message, kind: "TRACKING_STATUS" });
    expect(fake.requests.slice(before).map((r) => r.body.template?.name)).toEqual(["bienvenida_cliente", "estado_paquete"]);
  });

  it("treats a 4xx answer as final, with the Graph error in the reason", async () => {
    fake.script(graphError(400, "Template name does not exist in the translation", 132001));
    const error = await failure(provider().send(message));
    expect(error.retryable).toBe(false);
    expect(error.httpStatus).toBe(400);
    expect(error.message).toContain("(#132001) Template name does not exist in the translation");
  });

  it("treats a wrong token as final", async () => {
    const wrong = createWhatsappCloudProvider({
      token: "otro",
      phoneNumberId: fake.phoneNumberId,
      apiUrl: fake.url,
      language: "es",
      templates: { welcome: "a", status: "b", entryStatus: "c", ready: "d", reply: "e" },
    });
    const error = await failure(wrong.send(message));
    expect(error.retryable).toBe(false);
    expect(error.httpStatus).toBe(401);
  });

  it("retries 429 and 5xx answers", async () => {
    fake.script(graphError(429, "Rate limit hit", 130429), { status: 503, body: "Service Unavailable" });
    const limited = await failure(provider().send(message));
    expect(limited.retryable).toBe(true);
    expect(limited.httpStatus).toBe(429);
    const down = await failure(provider().send(message));
    expect(down.retryable).toBe(true);
    expect(down.message).toBe("WhatsApp respondió 503: Service Unavailable");
  });

  it("classifies by the Graph error code: Meta's throttling answers (HTTP 400) are retried, other refusals are final", async () => {
    const throttled = [META_ERRORS.throughput, META_ERRORS.pairRateLimit, META_ERRORS.accountRateLimit, META_ERRORS.appCallLimit];
    fake.script(...throttled);
    for (const answer of throttled) {
      const error = await failure(provider().send(message));
      expect(error.retryable, error.message).toBe(true);
      expect(error.httpStatus).toBe(400);
      expect(error.message).toContain(`(#${answer.body.error.code})`);
    }
    const final = [META_ERRORS.undeliverable, META_ERRORS.notAllowedRecipient, META_ERRORS.templateMissing, META_ERRORS.expiredToken];
    fake.script(...final);
    for (const answer of final) {
      const error = await failure(provider().send(message));
      expect(error.retryable, error.message).toBe(false);
      expect(error.message).toContain(answer.body.error.message);
    }
  });

  it("keeps Meta's reason readable: the code once, then the details", async () => {
    fake.script(META_ERRORS.throughput);
    const error = await failure(provider().send(message));
    expect(error.message).toBe("WhatsApp respondió 400: (#130429) Rate limit hit — Cloud API message throughput has been reached.");
  });

  it("passes on a Retry-After header (seconds or a date) with a retryable failure", async () => {
    fake.script(
      graphError(429, "(#130429) Rate limit hit", 130429, { headers: { "retry-after": "120" } }),
      graphError(400, "(#131056) pair rate limit hit", 131056, { headers: { "retry-after": new Date(Date.now() + 600_000).toUTCString() } }),
    );
    expect((await failure(provider().send(message))).retryAfterMs).toBe(120_000);
    const dated = (await failure(provider().send(message))).retryAfterMs;
    expect(dated).toBeGreaterThan(500_000);
    expect(dated).toBeLessThanOrEqual(600_000);
  });

  it("defaults to a Graph API version that is still available (v25.0, until July 2028)", () => {
    expect(loadConfig({}).whatsapp.apiUrl).toBe("https://graph.facebook.com/v25.0");
  });

  it("retries when the API does not answer in time", async () => {
    fake.script({ hang: true });
    const error = await failure(provider(150).send(message));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/no respondió a tiempo/);
  });

  it("retries when nothing listens", async () => {
    const closed = await startFakeGraphApi();
    const url = closed.url;
    await closed.close();
    const nobody = createWhatsappCloudProvider({
      token: "t",
      phoneNumberId: "1",
      apiUrl: url,
      language: "es",
      templates: { welcome: "a", status: "b", entryStatus: "c", ready: "d", reply: "e" },
    });
    const error = await failure(nobody.send(message));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/No se pudo conectar con WhatsApp/);
  });

  it("keeps template parameters within the API's rules", () => {
    expect(templateParameterText("línea 1\n\nlínea 2\t     fin")).toBe("línea 1 línea 2 fin");
    expect(templateParameterText("   ")).toBe("-");
    expect(templateParameterText("Ana\u0000\u0007\u202eMora\u200b")).toBe("Ana Mora");
  });

  it("refuses, for good, a parameter holding a link (the message fails with a reason; nothing is sent)", async () => {
    for (const value of ["Ana https://evil.example", "Ana\nwww.evil.example", "Ana bit.ly/x", "Ana evil\uFF0Ecom"]) {
      const error = (() => {
        try {
          templateParameterText(value, 1);
        } catch (e) {
          return e as MessagingError;
        }
      })();
      expect(error, value).toBeInstanceOf(MessagingError);
      expect(error?.retryable).toBe(false);
      expect(error?.message).toMatch(/\{\{1\}\}.*enlace/);
    }
    for (const value of ["Ma. José Pérez", "J.R. Solís", "EXAB12CD", "1Z999AA10123456784", "En bodega Miami"]) {
      expect(templateParameterText(value)).toBe(value);
    }
  });
});
