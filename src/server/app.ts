// buildApp(deps): the whole HTTP application. main.ts builds it for production; tests build
// the same app with their own database and configuration and drive it with app.inject().
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from "fastify";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { errorBody, installErrorHandling, unauthorized } from "./errors";
import { createRateLimiter } from "./lib/rate-limiter";
import { installCodeGuessGuard } from "./lib/abuse-limits";
import { createAdminSessionService } from "./modules/admin-auth/service";
import { registerModules } from "./modules";
import { startOutboxWorker } from "./modules/notifications/worker";
import type { AppContext } from "./context";
import { createProviders, type Providers } from "./providers";
import { startExchangeRateRefresh } from "./modules/exchange-rate/service";

export interface AppDeps {
  config: Config;
  database: Database;
  /** The effective admin password (from the environment or generated in DATA_DIR). */
  adminPassword: string;
  /** The built browser app (dist/client); omitted in API-only tests. */
  staticDir?: string;
  /** A pino logger for production; tests run silent. */
  logger?: FastifyBaseLogger;
  /** Replaces adapters chosen from config (tests that need a particular one). */
  providers?: Partial<Providers>;
  /** Start background jobs (outbox worker, refreshers); main.ts does, most tests do not. */
  startJobs?: boolean;
}

export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Deeply nested or huge JSON is refused by the body limit; keys like __proto__ are stripped.
    onProtoPoisoning: "remove",
    onConstructorPoisoning: "remove",
    routerOptions: { maxParamLength: 200 },
    // Addresses the router refuses (bad percent-encoding, an over-long segment) answer like any
    // other error: Spanish, without echoing the address or Fastify's internal code.
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
      void (reply as FastifyReply).status(status).send(errorBody("VALIDATION", "La dirección solicitada no es válida."));
    },
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    limiter: createRateLimiter(database.db, config.rateLimit),
    sessions: createAdminSessionService({
      password: deps.adminPassword,
      secret: config.sessionSecret,
      ttlMs: config.sessionTtlMs,
    }),
    providers: { ...createProviders(config, database.db), ...deps.providers },
    routes: [],
  };

  installErrorHandling(app);

  // No /api route can be registered without saying who may call it.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    if (!route.config?.auth) throw new Error(`Route ${route.method} ${route.url} must declare config.auth`);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") ctx.routes.push({ method, url: route.url, auth: route.config.auth });
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...(config.s3.endpoint ? [config.s3.endpoint] : [])],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(config.s3.endpoint ? [config.s3.endpoint] : [])],
        frameSrc: ["https://www.google.com", "https://maps.google.com"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip", "deflate"] });
  // After helmet: its headers are set before any of these hooks can refuse a request.
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config?.auth !== "admin") return;
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
    if (!token || !ctx.sessions.verify(token)) throw unauthorized();
  });
  installCodeGuessGuard(app, ctx);

  registerModules(app, ctx);
  if (deps.startJobs) {
    const outbox = startOutboxWorker(ctx, app.log);
    app.addHook("onClose", async () => outbox.stop());
    startExchangeRateRefresh(app, ctx);
  }

  await registerStaticSite(app, deps);
  return { app, ctx };
}

async function registerStaticSite(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const indexFile = deps.staticDir ? path.join(deps.staticDir, "index.html") : undefined;
  let indexHtml: string | undefined;
  if (deps.staticDir && indexFile && existsSync(indexFile)) {
    indexHtml = injectBrand(readFileSync(indexFile, "utf8"), deps.config);
    await app.register(fastifyStatic, {
      root: deps.staticDir,
      index: false,
      wildcard: true,
      setHeaders(res, filePath) {
        // Vite puts content hashes in /assets names: cache them for a year; everything else revalidates.
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
      },
    });
  }

  if (indexHtml) {
    const html = indexHtml;
    app.get("/", (_request, reply) =>
      reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(html),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith("/api/") || url === "/api" || url.startsWith("/objects/")) {
      return reply.status(404).send(errorBody("NOT_FOUND", "Recurso no encontrado"));
    }
    if ((request.method === "GET" || request.method === "HEAD") && indexHtml) {
      // The browser app owns every other path, including its own 404 page.
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(indexHtml);
    }
    return reply.status(404).send(errorBody("NOT_FOUND", "Página no encontrada"));
  });
}

/** Puts brand overrides in the page as inert JSON the browser reads at start. */
function injectBrand(html: string, config: Config): string {
  if (!config.brandOverridden) return html;
  const json = JSON.stringify(config.brand).replace(/</g, "\\u003c");
  return html.replace("</head>", `<script id="brand-data" type="application/json">${json}</script></head>`);
}
