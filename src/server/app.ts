// buildApp(deps): the whole HTTP application. main.ts builds it for production; tests build
// the same app with their own database and configuration and drive it with app.inject().
import type { IncomingMessage, ServerResponse } from "node:http";
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import compress from "@fastify/compress";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { AppError, errorBody, installErrorHandling, unauthorized } from "./errors";
import { registerStaticSite } from "./static-site";
import { createRateLimiter, startRateLimitCleanup } from "./lib/rate-limiter";
import { LookupAllowance } from "./lib/lookup-allowance";
import { shutdownDeadline } from "./lib/jobs";
import { installClosingConnectionHeader } from "./lib/shutdown";
import { installCodeGuessGuard } from "./lib/abuse-limits";
import { installClientAccessGate, requireClientAccessDeclared } from "./modules/client-access/gate";
import { bearerToken, createAdminSessionService } from "./modules/auth/service";
import { resolveSessionSecret } from "./lib/session-secret";
import { PASSWORD_MUST_CHANGE, ROLE_FORBIDDEN } from "../shared/api/admin/staff";
import { recordRepeatable, startAuditRepeatFlush } from "./core/audit/throttle";
import { staffActor } from "./lib/actor";
import { resolvePowSecret } from "./lib/proof-of-work";
import { registerModules } from "./modules";
import { installRouteContracts, routeContract } from "./lib/route-contract";
import { registerOpenApi } from "./lib/openapi";
import { startOutboxWorker } from "./modules/notifications/worker";
import { createWebhookWorker } from "./modules/whatsapp-webhook/worker";
import { createMediaWorker } from "./modules/whatsapp-inbox/media";
import { createInvoiceSender } from "./modules/invoices/sender";
import type { Invoicing } from "./modules/invoices/service";
import type { AppContext } from "./context";
import { createProviders, type Providers } from "./providers";
import { startExchangeRateRefresh } from "./modules/exchange-rate/service";
import { startUploadCleanup, startUploadSettle } from "./modules/uploads/cleanup";
import { createClientLookups } from "./modules/packages/client-portal";
import { REDACTING_SERIALIZERS } from "./lib/log-redaction";
import { lazyRequestLogger } from "./lib/request-logger";
import { createImageLinks } from "./lib/image-links";

/** One year, subdomains included (not preloaded: docs/security.md). */
const HSTS = "max-age=31536000; includeSubDomains";

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
  /** Comprobantes electrónicos, loaded by main.ts (loadInvoicing); default off. */
  invoicing?: Invoicing;
  /** Start background jobs (outbox worker, refreshers, upload clean-up); main.ts does, most tests do not. */
  startJobs?: boolean;
  /** Replaces the wait of deliberate slowdowns (tests record the wait instead of sleeping it). */
  slowDown?: (ms: number) => Promise<void>;
}

export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = deps;
  const app = Fastify({
    // Whatever logger it is given, the app's lines never carry a client code or a credential
    // (lib/log-redaction.ts, issue 31).
    // Each request's child of it is built on its first line written (lib/request-logger.ts, decision 238).
    ...(deps.logger
      ? { loggerInstance: deps.logger.child({}, { serializers: REDACTING_SERIALIZERS }), childLoggerFactory: lazyRequestLogger }
      : { logger: false }),
    logController: new OneLineRequestLog(),
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
  const sessionSecret = resolveSessionSecret(config.sessionSecret, config.dataDir);
  const imageLinks = createImageLinks(sessionSecret);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    limiter: createRateLimiter(database.db, config.rateLimit),
    lookupAllowance: new LookupAllowance(),
    powSecret: resolvePowSecret(config),
    sessions: createAdminSessionService({
      db: database.db,
      password: deps.adminPassword,
      secret: sessionSecret,
      ttlMs: config.sessionTtlMs,
    }),
    providers: { ...createProviders(config, database.db), ...deps.providers },
    lookups: createClientLookups(database, config.lookupCache, imageLinks),
    imageLinks,
    invoicing: deps.invoicing ?? { state: "off" },
    routes: [],
    slowDown: deps.slowDown ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };

  installErrorHandling(app);
  installClosingConnectionHeader(app);
  // The lookup cache listens for the database's change notices until the app closes.
  await ctx.lookups.start();
  app.addHook("onClose", async () => ctx.lookups.stop());

  // No /api route can be registered without saying who may call it.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    if (!route.config?.auth) throw new Error(`Route ${route.method} ${route.url} must declare config.auth`);
    // Nor a public one without saying whether it can reveal a client code (docs/decisions/099).
    const codeOracle = route.config.codeOracle;
    if (route.config.auth === "public" && typeof codeOracle !== "boolean") {
      throw new Error(`Public route ${route.method} ${route.url} must declare config.codeOracle`);
    }
    // Nor an admin one without saying which staff roles may call it (issue 19).
    const roles = route.config.roles ?? [];
    if (route.config.auth === "admin" && roles.length === 0) throw new Error(`Admin route ${route.method} ${route.url} must declare config.roles`);
    if (route.config.auth === "public" && route.config.roles) throw new Error(`Public route ${route.method} ${route.url} cannot declare roles`);
    // And a code-oracle one what a protected account's bare code may do with it (decision 216).
    requireClientAccessDeclared(route);
    const clientAccess = route.config.clientAccess;
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") ctx.routes.push({ method, url: route.url, auth: route.config.auth, codeOracle: codeOracle === true, clientAccess, roles, contract: routeContract(route.schema) });
    }
  });

  // Helmet's headers are the same for every response: computed once here (the Fastify plugin
  // built helmet again and re-parsed the CSP on every request, ~5 % of a lookup's CPU).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly compiled from our own files: the warehouse's barcode reader (zxing-wasm, issue 20).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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
    // frame-ancestors 'none' already forbids framing; X-Frame-Options only repeated it.
    xFrameOptions: false,
    // Sent per request below, only over HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(securityHeaders);
    // HSTS means something only over HTTPS: directly, or through a trusted proxy's
    // X-Forwarded-Proto (TRUST_PROXY); a plain-HTTP answer never carries it.
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    // API answers are private unless their route says otherwise (the exchange rate, the brand's
    // photos): no browser or proxy keeps a lookup, a session or a token (issue 31, decision 146).
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
    done();
  });
  // Image links in JSON answers leave signed and short-lived (lib/image-links.ts): an <img> cannot
  // send the staff's token, and a bare name opens nothing. The lookup signs its own kept bytes.
  app.addHook("preSerialization", (_request, _reply, payload, done) => {
    done(null, ctx.imageLinks.signValue(payload));
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip", "deflate"] });
  // After helmet: its headers are set before any of these hooks can refuse a request.
  // Admin routes: a valid session (401 otherwise), then the route's roles (403 in Spanish).
  // Callback hooks that return at once for the requests they do not concern: an async hook costs
  // every request (the public lookup's first of all) a promise and a microtask (decision 142).
  const verifyStaff = async (request: FastifyRequest, config: FastifyContextConfig) => {
    const token = bearerToken(request.headers.authorization);
    const staff = token ? await ctx.sessions.verify(token) : null;
    if (!staff) throw unauthorized();
    request.staff = staff;
    if (staff.mustChangePassword && !config.whileMustChangePassword) {
      throw new AppError("PASSWORD_CHANGE_REQUIRED", 403, PASSWORD_MUST_CHANGE);
    }
    if (!config.roles?.includes(staff.role)) {
      // A refused attempt is part of the record: the owner sees who tried what. One row per
      // account and 10 minutes, the repeats counted into one summary row (decision 148).
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      await recordRepeatable(
        ctx.db,
        staffActor(request),
        { action: "sesion.denegado", entity: "sesion", entityId: staff.accountId, summary: route },
        { key: `sesion.denegado:${staff.accountId}`, sample: route },
      );
      throw new AppError("FORBIDDEN", 403, ROLE_FORBIDDEN);
    }
  };
  app.addHook("onRequest", (request, _reply, done) => {
    const config = request.routeOptions.config;
    if (config?.auth !== "admin") return done();
    verifyStaff(request, config).then(() => done(), done);
  });
  // JSON is read as UTF-8 (RFC 8259): a body labelled with another charset would be misread, so
  // it is refused rather than guessed at.
  app.addHook("onRequest", (request, _reply, done) => {
    const type = request.headers["content-type"];
    if (!type || !/^application\/json\b/i.test(type)) return done();
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1];
    if (charset && !/^utf-?8$/i.test(charset)) {
      return done(new AppError("UNSUPPORTED_MEDIA_TYPE", 415, "Tipo de contenido no soportado. Envía los datos como JSON en UTF-8."));
    }
    done();
  });
  installCodeGuessGuard(app, ctx);
  installClientAccessGate(app, ctx);

  // Routes validate and serialise with the shared contract's zod rules, and describe themselves
  // at /api/openapi.json (issue 33 item 3, decision 177).
  installRouteContracts(app);
  registerOpenApi(app);
  registerModules(app, ctx);
  if (deps.startJobs) {
    const outbox = startOutboxWorker(ctx, app.log);
    app.addHook("onClose", async () => outbox.stop(shutdownDeadline(app)));
    // Applies what Meta's webhook stored (delivery reports, the clients' messages; decision 199).
    const webhook = createWebhookWorker({ db: ctx.db, logger: app.log });
    webhook.start();
    app.addHook("onClose", async () => webhook.stop());
    // Fetches the clients' files into object storage (decision 212); idle without WhatsApp configured.
    const media = createMediaWorker({ db: ctx.db, provider: ctx.providers.messaging, storage: ctx.providers.storage, logger: app.log });
    media.start();
    app.addHook("onClose", async () => media.stop());
    // Comprobantes electrónicos go to Hacienda only when invoicing is configured (issue 34).
    if (ctx.invoicing.state === "on") {
      const sender = createInvoiceSender({ db: ctx.db, reception: ctx.invoicing.reception, logger: app.log });
      sender.start();
      app.addHook("onClose", async () => sender.stop(shutdownDeadline(app)));
    }
    startExchangeRateRefresh(app, ctx);
    startRateLimitCleanup(app, ctx);
    startAuditRepeatFlush(app, ctx);
    startUploadCleanup(app, ctx);
    startUploadSettle(app, ctx);
  }

  await registerStaticSite(app, { staticDir: deps.staticDir, config });
  return { app, ctx };
}

/**
 * The request log: one line per request, written when its answer has left (or failed to), with
 * what Fastify's two lines said (method, address, host, remote address and port; status, time in
 * ms; the error when the answer failed), instead of an "incoming request" line besides. At
 * LOG_LEVEL=info (production's default) logging took ~0.14 ms of CPU per cached lookup, about
 * half of it the line this saves (decision 142).
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }

  /** Fastify's own line quotes the raw address; this one goes through the redacting serializer. */
  override routeNotFound(request: FastifyRequest): void {
    request.log.info({ req: request }, "route not found");
  }
}

/** The headers helmet sets with `options` (none depends on the request). */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
