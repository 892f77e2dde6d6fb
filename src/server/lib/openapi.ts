// The published contract (issue 33 item 3, decision 177): an OpenAPI 3.1 document written from
// the routes' zod schemas at GET /api/openapi.json, and a readable reference for staff developers
// at /docs/api (Swagger UI, its files served by our own server: no CDN, under the app's CSP).
// A route without a schema is listed with its method and path only; the all-routes test
// (src/server/all-routes.test.ts) keeps that list empty.
//
// Nothing of it is loaded or built at start (decision 194): the routes are noted as they register,
// and the first request for the document or the reference loads the writer (openapi-reference.ts:
// @fastify/swagger, Swagger UI, the zod → JSON Schema transform) and builds it once.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { OPENAPI_PATH, API_REFERENCE_PATH } from "../../shared/api/openapi";
import type { ApiReference, NotedRoute } from "./openapi-reference";

/** Headers of the reference's answers the app passes on (the app adds its own security headers). */
const PASSED_HEADERS = ["content-type", "location", "cache-control", "etag", "last-modified"];

export function registerOpenApi(app: FastifyInstance): void {
  const routes: NotedRoute[] = [];
  app.addHook("onRoute", (route: RouteOptions) => {
    if (route.method !== "HEAD") routes.push({ method: route.method, url: route.url, schema: route.schema, config: route.config });
  });

  let reference: Promise<ApiReference> | undefined;
  const loadReference = () => {
    reference ??= import("./openapi-reference").then((module) => module.createApiReference(routes));
    // A failed build is tried again by the next request rather than kept.
    reference.catch(() => (reference = undefined));
    return reference;
  };
  app.addHook("onClose", async () => {
    const built = await reference?.catch(() => undefined);
    await built?.close();
  });

  app.get(OPENAPI_PATH, { config: { auth: "public", codeOracle: false }, schema: { hide: true } }, async (_request, reply) => {
    return reply.type("application/json").send((await loadReference()).document);
  });

  // The reference page and its files, answered by Swagger UI inside the built reference.
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await (await loadReference()).inject(request.method, request.url);
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const name of PASSED_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.code(answer.statusCode).send(answer.rawPayload.length > 0 ? answer.rawPayload : undefined);
  };
  app.get(API_REFERENCE_PATH, page);
  app.get(`${API_REFERENCE_PATH}/*`, page);
}
