// The OpenAPI document and the Swagger UI reference, built on the first request for either
// (lib/openapi.ts imports this file then; decision 194). The routes the app noted are registered
// again, with their schemas and a handler that answers nothing, on a small Fastify instance of
// their own that has @fastify/swagger and @fastify/swagger-ui: the document is written once from
// them and kept as text, and the reference's files are answered from that instance.
import Fastify, { type HTTPMethods, type LightMyRequestResponse, type RouteOptions } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import { z } from "../../shared/validation";
import { routeContract } from "./route-contract";
import { API_REFERENCE_PATH } from "../../shared/api/openapi";
import { DEFAULT_BRAND } from "../../shared/brand";

/** A route as the app registered it: what the document needs of it. */
export type NotedRoute = Pick<RouteOptions, "method" | "url" | "schema" | "config">;

export interface ApiReference {
  /** The OpenAPI 3.1 document as JSON text. */
  document: string;
  /** A request for the reference page or one of its files. */
  inject(method: string, url: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A request schema as the reference shows it (what the caller sends). */
function inputJsonSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

export async function createApiReference(routes: readonly NotedRoute[]): Promise<ApiReference> {
  const reference = Fastify({ logger: false });
  // The schemas are only described here; the app validates and serialises with them.
  reference.setValidatorCompiler(() => () => true);
  reference.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await reference.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${DEFAULT_BRAND.name} API`,
        version: "1",
        description:
          "The calls of the public site, the client portal and the staff back office. Staff calls need `Authorization: Bearer <token>` from POST /api/admin/login; errors answer `{ error, message, code }` with a Spanish message.",
      },
      components: { securitySchemes: { staff: { type: "http", scheme: "bearer" } } },
    },
    transform: (document) => {
      // Only the API: the pages, assets and the reference itself are not calls.
      if (!document.url.startsWith("/api/")) return { schema: { hide: true }, url: document.url };
      const result = jsonSchemaTransform(document);
      const config = document.route.config as { auth?: string } | undefined;
      const schema = { ...(result.schema as Record<string, unknown> | undefined) };
      if (config?.auth === "admin") schema.security = [{ staff: [] }];
      const forms = routeContract(document.route.schema)?.bodyForms;
      if (forms) schema.body = { ...(schema.body as Record<string, unknown>), anyOf: forms.map(inputJsonSchema) };
      return { ...result, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await reference.register(swaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    // No online validator badge: the page asks nothing of another server.
    uiConfig: { validatorUrl: null, docExpansion: "list", deepLinking: true },
  });
  for (const route of routes) {
    if (route.url.startsWith(API_REFERENCE_PATH)) continue;
    // Described, never answered here: the app answers its calls.
    reference.route({ method: route.method as HTTPMethods | HTTPMethods[], url: route.url, schema: route.schema, config: route.config, handler: async (_request, reply) => reply.callNotFound() });
  }
  await reference.ready();
  const document = JSON.stringify(reference.swagger());
  return {
    document,
    inject: (method, url) => reference.inject({ method: method as HTTPMethods, url }),
    close: () => reference.close(),
  };
}
