import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ChatCompletionError, createChatClient, DEFAULT_AI_BASE_URL, isAiConfigured, type ChatClient } from "./chat-client";
import { startFakeChatServer, type FakeChatServer } from "../../test/fakes/chat-server";

const KEY = "sk-prueba-secreta-1234567890";
const schema = z.object({ color: z.enum(["rojo", "azul"]), cantidad: z.number().int() });
const jsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["color", "cantidad"],
  properties: { color: { type: "string", enum: ["rojo", "azul"] }, cantidad: { type: "integer" } },
};
const ask = (client: ChatClient, timeoutMs?: number) =>
  client.chatJson({ system: "Eres una prueba.", user: "¿Color?", schemaName: "prueba", jsonSchema, zodSchema: schema, timeoutMs });

async function failureOf(promise: Promise<unknown>): Promise<ChatCompletionError> {
  const error = await promise.then(
    () => {
      throw new Error("se esperaba un fallo");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChatCompletionError);
  return error as ChatCompletionError;
}

describe("the chat-completions client", () => {
  let server: FakeChatServer;
  let client: ChatClient;
  beforeAll(async () => {
    server = await startFakeChatServer({ kind: "content", content: "{}" });
    client = createChatClient({ baseUrl: server.baseUrl, apiKey: KEY, model: "modelo-x", timeoutMs: 2000 })!;
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  it("is only built when a base URL or key is configured", () => {
    expect(createChatClient({ model: "m", timeoutMs: 1000 })).toBeNull();
    expect(isAiConfigured({ apiKey: "k", model: "m", timeoutMs: 1000 })).toBe(true);
    expect(isAiConfigured({ baseUrl: "http://127.0.0.1:1/v1", model: "m", timeoutMs: 1000 })).toBe(true);
    expect(DEFAULT_AI_BASE_URL).toBe("https://api.openai.com/v1");
  });

  it("posts a strict json_schema request with the key and returns the checked answer", async () => {
    server.set({ kind: "content", content: JSON.stringify({ color: "azul", cantidad: 3 }) });
    await expect(ask(client)).resolves.toEqual({ color: "azul", cantidad: 3 });
    const [request] = server.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body).toMatchObject({
      model: "modelo-x",
      messages: [
        { role: "system", content: "Eres una prueba." },
        { role: "user", content: "¿Color?" },
      ],
      response_format: { type: "json_schema", json_schema: { name: "prueba", strict: true, schema: jsonSchema } },
    });
  });

  it("sends no authorization header to a keyless local server", async () => {
    const local = createChatClient({ baseUrl: `${server.baseUrl}/`, model: "local", timeoutMs: 2000 })!;
    server.set({ kind: "content", content: '{"color":"rojo","cantidad":1}' });
    await expect(ask(local)).resolves.toEqual({ color: "rojo", cantidad: 1 });
    expect(server.requests[0].headers.authorization).toBeUndefined();
    expect(server.requests[0].path).toBe("/v1/chat/completions");
  });

  it("accepts JSON wrapped in a Markdown fence", async () => {
    server.set({ kind: "content", content: '```json\n{"color":"rojo","cantidad":2}\n```' });
    await expect(ask(client)).resolves.toEqual({ color: "rojo", cantidad: 2 });
  });

  it("fails on malformed JSON content", async () => {
    server.set({ kind: "content", content: '{"color": "rojo", cantidad: ' });
    expect((await failureOf(ask(client))).kind).toBe("invalid_json");
  });

  it("fails on an answer that does not match the schema", async () => {
    server.set({ kind: "content", content: JSON.stringify({ color: "verde", cantidad: 1 }) });
    expect((await failureOf(ask(client))).kind).toBe("schema");
  });

  it("fails on an envelope that is not a completion", async () => {
    server.set({ kind: "raw", status: 200, body: "<html>proxy</html>" });
    expect((await failureOf(ask(client))).kind).toBe("invalid_json");
    server.set({ kind: "raw", status: 200, body: JSON.stringify({ choices: [] }) });
    expect((await failureOf(ask(client))).kind).toBe("invalid_json");
  });

  it("fails on a refusal", async () => {
    server.set({
      kind: "raw",
      status: 200,
      body: JSON.stringify({ choices: [{ message: { role: "assistant", content: null, refusal: "No puedo ayudar con eso." } }] }),
    });
    expect((await failureOf(ask(client))).kind).toBe("refusal");
  });

  it("fails on HTTP errors without repeating the key the provider echoed", async () => {
    server.set({
      kind: "raw",
      status: 401,
      body: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}`, code: "invalid_api_key" } }),
    });
    const error = await failureOf(ask(client));
    expect(error.kind).toBe("http");
    expect(error.status).toBe(401);
    expect(error.message).toContain("invalid_api_key");
    expect(error.message).not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain(KEY);
  });

  it("fails with a time-out when the endpoint does not answer", async () => {
    server.set({ kind: "hang" });
    const error = await failureOf(ask(client, 200));
    expect(error.kind).toBe("timeout");
  });

  it("fails as a network error when nothing listens", async () => {
    const nowhere = createChatClient({ baseUrl: "http://127.0.0.1:9/v1", apiKey: KEY, model: "m", timeoutMs: 2000 })!;
    const error = await failureOf(ask(nowhere));
    expect(error.kind).toBe("network");
    expect(error.message).not.toContain(KEY);
  });
});
