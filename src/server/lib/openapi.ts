// The published contract (issue 33 item 3, decision 177): an OpenAPI 3.1 document written from
// the routes' zod schemas at GET /api/openapi.json, and a readable reference for staff developers
// at /docs/api (Swagger UI, its files served by our own server: no CDN, under the app's CSP).
// A route without a schema is listed with its method and path only; the all-routes test
// (src/server/all-routes.test.ts) keeps that list empty.
import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { OPENAPI_PATH, API_REFERENCE_PATH } from "../../shared/api/openapi";
import { DEFAULT_BRAND } from "../../shared/brand";

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
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
      return { ...result, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_PATH, { config: { auth: "public", codeOracle: false }, schema: { hide: true } }, async (_request, reply) => {
    return reply.type("application/json").send(JSON.stringify(app.swagger()));
  });

  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    // No online validator badge: the page asks nothing of another server.
    uiConfig: { validatorUrl: null, docExpansion: "list", deepLinking: true },
  });
}
