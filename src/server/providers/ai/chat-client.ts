// A small client for any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style
// gateways, OpenRouter, a local llama.cpp or Ollama server) that asks for JSON-schema output and
// checks the answer with zod. Shared by the product assistant and the spare-parts search.
// Every failure is a ChatCompletionError; none of them carries the API key.
import type { ZodType } from "zod";
import type { Config } from "../../config";

/** Where the client sends requests when only AI_API_KEY is set. */
export const DEFAULT_AI_BASE_URL = "https://api.openai.com/v1";

export type ChatFailureKind = "http" | "timeout" | "network" | "refusal" | "invalid_json" | "schema";

export class ChatCompletionError extends Error {
  constructor(
    readonly kind: ChatFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ChatCompletionError";
  }
}

/** A user message part: text, or an image the model may look at (vision models). */
export type ChatContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

export interface ChatJsonRequest<T> {
  system: string;
  user: string | ChatContentPart[];
  /** The json_schema name the endpoint reports back (letters, digits, _ and -). */
  schemaName: string;
  /** Strict-mode JSON schema: every property required, additionalProperties false. */
  jsonSchema: Record<string, unknown>;
  /** The same shape as zod, with the bounds the JSON schema cannot say. */
  zodSchema: ZodType<T>;
  /** Defaults to AI_TIMEOUT_MS. */
  timeoutMs?: number;
  maxTokens?: number;
}

export interface ChatClient {
  readonly model: string;
  chatJson<T>(request: ChatJsonRequest<T>): Promise<T>;
}

export type AiConfig = Config["ai"];

/** Configured when a base URL or an API key is set; a local server may need no key. */
export function isAiConfigured(ai: AiConfig): boolean {
  return Boolean(ai.baseUrl || ai.apiKey);
}

/** The client for this configuration, or null when no AI is configured. */
export function createChatClient(ai: AiConfig, fetchImpl: typeof fetch = fetch): ChatClient | null {
  if (!isAiConfigured(ai)) return null;
  const endpoint = `${(ai.baseUrl ?? DEFAULT_AI_BASE_URL).replace(/\/+$/, "")}/chat/completions`;
  const secret = ai.apiKey;
  // Providers echo parts of a rejected key in their error text; nothing from the answer is logged unredacted.
  const redact = (text: string) => (secret ? text.split(secret).join("[clave]") : text).replace(/\bsk-[\w-]{6,}/g, "sk-[clave]");

  return {
    model: ai.model,
    async chatJson<T>(request: ChatJsonRequest<T>): Promise<T> {
      const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
      if (secret) headers.authorization = `Bearer ${secret}`;
      const body = {
        model: ai.model,
        messages: [
          { role: "system", content: request.system },
          { role: "user", content: request.user },
        ],
        response_format: {
          type: "json_schema",
          json_schema: { name: request.schemaName, strict: true, schema: request.jsonSchema },
        },
        ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
      };

      let text: string;
      let status: number;
      try {
        const res = await fetchImpl(endpoint, {
          method: "POST",
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(request.timeoutMs ?? ai.timeoutMs),
        });
        status = res.status;
        text = await res.text();
      } catch (error) {
        const name = (error as { name?: string })?.name;
        if (name === "TimeoutError" || name === "AbortError") {
          throw new ChatCompletionError("timeout", `La IA no respondió en ${request.timeoutMs ?? ai.timeoutMs} ms`);
        }
        const code = (error as { cause?: { code?: unknown } })?.cause?.code;
        throw new ChatCompletionError("network", redact(`No se pudo contactar la IA${typeof code === "string" ? ` (${code})` : ""}`));
      }

      if (status < 200 || status >= 300) {
        throw new ChatCompletionError("http", `La IA respondió HTTP ${status}${errorCodeOf(text, redact)}`, status);
      }

      let envelope: unknown;
      try {
        envelope = JSON.parse(text);
      } catch {
        throw new ChatCompletionError("invalid_json", "La respuesta de la IA no es JSON");
      }
      const message = (envelope as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] })?.choices?.[0]?.message;
      if (typeof message?.refusal === "string" && message.refusal) {
        throw new ChatCompletionError("refusal", "La IA se negó a responder");
      }
      const content = typeof message?.content === "string" ? stripCodeFence(message.content) : "";
      if (!content) throw new ChatCompletionError("invalid_json", "La respuesta de la IA no trae contenido");

      let data: unknown;
      try {
        data = JSON.parse(content);
      } catch {
        throw new ChatCompletionError("invalid_json", "El contenido de la IA no es JSON válido");
      }
      const parsed = request.zodSchema.safeParse(data);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ChatCompletionError("schema", `La respuesta de la IA no cumple el esquema (${issue?.path.join(".") || "raíz"}: ${issue?.message})`);
      }
      return parsed.data;
    },
  };
}

/** " (invalid_api_key)" from an OpenAI-style error body, else nothing. */
function errorCodeOf(text: string, redact: (s: string) => string): string {
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; type?: unknown } })?.error;
    const code = typeof error?.code === "string" ? error.code : typeof error?.type === "string" ? error.type : "";
    return code ? ` (${redact(code).slice(0, 80)})` : "";
  } catch {
    return "";
  }
}

// Some compatible servers wrap JSON in a Markdown fence even in JSON mode.
function stripCodeFence(content: string): string {
  const trimmed = content.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(trimmed);
  return fenced ? fenced[1] : trimmed;
}
