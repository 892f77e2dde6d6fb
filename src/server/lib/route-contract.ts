// Routes registered from the shared contract (src/shared/api/contract.ts; issue 33 item 3,
// decision 177). Fastify validates params, query and body with the entry's zod rules before the
// handler runs — a refusal is the same Spanish 400 `parseWith` gives (the first problem's message,
// its field) — and serialises the answer through the entry's schema: a field the schema does not
// name never leaves the server, and an answer that breaks its own contract is a 500 in the log,
// never a silent drift. The same entries write the OpenAPI document (lib/openapi.ts).
//
//   const api = app.withTypeProvider<ZodTypeProvider>();
//   api.get(PAYMENT_DETAIL.path, { config, schema: contractSchema(PAYMENT_DETAIL) }, async (request) => …);
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from "fastify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import type { ZodType } from "zod";
import { isBinaryAnswer, type BinaryAnswer, type RouteContract } from "../../shared/api/contract";
import { z } from "../../shared/validation";
import { AppError } from "../errors";

/** A zod refusal as the app's one validation error: Spanish message, first field. */
const spanishValidator: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // No body or no query string reads as empty, as `parseWith(schema, request.body ?? {})` did:
    // the answer then names the first missing field instead of "expected an object".
    const value = data == null && (httpPart === "body" || httpPart === "querystring") ? {} : data;
    const result = schema.safeParse(value);
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const field = issue?.path?.length ? String(issue.path[0]) : undefined;
    return { error: new AppError("VALIDATION", 400, issue?.message ?? "Datos inválidos", field ? { field } : undefined) };
  };

/**
 * An answer through its schema in one pass: parsed as the handler gave it, so only what the
 * schema names leaves, then written once. An answer that only matches as JSON would carry it (a
 * `Date` where the schema says text, an `undefined` in a list) is parsed again after a JSON round
 * trip, as every answer was before (decision 194); one that matches neither way is refused.
 */
const contractSerializer: FastifySerializerCompiler<ZodType> =
  ({ schema, method, url, httpStatus }) =>
  (data) => {
    const direct = schema.safeParse(data);
    if (direct.success) return JSON.stringify(direct.data) ?? "null";
    const result = schema.safeParse(JSON.parse(JSON.stringify(data) ?? "null"));
    if (result.success) return JSON.stringify(result.data);
    const issue = result.error.issues[0];
    throw new Error(`The ${httpStatus} answer of ${method} ${url} breaks its contract at ${issue?.path.join(".") || "(root)"}: ${issue?.message}`);
  };

/** The contract entry each schema object came from: checked against the route it is given to. */
const contractOf = new WeakMap<object, RouteContract>();

/**
 * Every route with a schema validates and serialises through zod, and a schema made from a
 * contract entry must be given to that entry's method and path (a slip refuses to start).
 * Called once by buildApp, before the modules.
 */
export function installRouteContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(spanishValidator);
  app.setSerializerCompiler(contractSerializer);
  app.addHook("onRoute", (options) => {
    const contract = options.schema ? contractOf.get(options.schema) : undefined;
    if (!contract) return;
    const methods = [options.method].flat().filter((method) => method !== "HEAD");
    if (methods.length === 0) return; // the HEAD Fastify adds beside each GET
    if (options.url !== contract.path || methods.length !== 1 || methods[0] !== contract.method) {
      throw new Error(`Route ${methods.join(",")} ${options.url} was given the contract of ${contract.method} ${contract.path}`);
    }
  });
}

/** The contract entry a registered route was made from, if any (the all-routes test reads it). */
export function routeContract(schema: unknown): RouteContract | undefined {
  return schema && typeof schema === "object" ? contractOf.get(schema) : undefined;
}

type Part<R, K extends string> = R extends { readonly [P in K]: infer S extends ZodType } ? S : undefined;

type FileAnswer = { content: Record<string, { schema: ZodType }> };

type Answers<R extends RouteContract> = {
  [S in keyof R["responses"]]: R["responses"][S] extends BinaryAnswer ? FileAnswer : R["responses"][S];
};

/** Fastify's schema of a contract entry: typed, so the handler's request and answer are too. */
export interface ContractSchema<R extends RouteContract> extends FastifySchema {
  params: Part<R, "params">;
  querystring: Part<R, "query">;
  body: Part<R, "body">;
  response: Answers<R>;
}

/** A file answer: described as bytes of its media type, never run through the serialiser. */
const BINARY = z.string().meta({ format: "binary" });

export function contractSchema<R extends RouteContract>(contract: R): ContractSchema<R> {
  const response: Record<number, unknown> = {};
  for (const [status, answer] of Object.entries(contract.responses)) {
    // A file of one of several types lists them: "application/pdf, image/png".
    response[Number(status)] = isBinaryAnswer(answer) ? { content: Object.fromEntries(answer.binary.split(", ").map((type) => [type, { schema: BINARY }])) } : answer;
  }
  const schema = {
    summary: contract.summary,
    tags: [contract.tag],
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.consumes ? { consumes: [contract.consumes] } : {}),
    response,
  };
  contractOf.set(schema, contract);
  return schema as unknown as ContractSchema<R>;
}
