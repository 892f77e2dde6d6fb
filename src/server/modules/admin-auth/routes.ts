// POST /api/admin/login and GET /api/admin/session. Failed logins from one address are slowed
// down and, past a limit, refused for a while (counters shared through the database).
import type { FastifyInstance } from "fastify";
import { ADMIN_PASSWORD_WRONG, ZAdminLoginRequestSchema } from "../../../shared/api/admin-auth";
import { AppError, parseWith } from "../../errors";
import type { AppContext } from "../../context";

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export function registerAdminAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/admin/login", { config: { auth: "public" } }, async (request) => {
    const key = `admin-login:${request.ip}`;
    const failures = await ctx.limiter.peek(key);
    if (ctx.config.rateLimit && failures >= LOGIN_FAILURE_LIMIT) {
      throw tooManyAttempts(LOGIN_FAILURE_WINDOW_MS / 1000);
    }
    const { password } = parseWith(ZAdminLoginRequestSchema, request.body ?? {});
    if (!ctx.sessions.checkPassword(password)) {
      const hit = await ctx.limiter.hit(key, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
      // Each failure costs the guesser a little more time.
      await sleep(Math.min(hit.count * 250, 2000));
      request.log.warn({ ip: request.ip, failures: hit.count }, "admin login failed");
      throw new AppError("UNAUTHORIZED", 401, ADMIN_PASSWORD_WRONG);
    }
    await ctx.limiter.reset(key);
    return ctx.sessions.issue();
  });

  app.get("/api/admin/session", { config: { auth: "admin" } }, async () => ({ ok: true }));
}

function tooManyAttempts(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    "RATE_LIMITED",
    429,
    `Demasiados intentos fallidos. Intenta de nuevo en ${minutes} minutos.`,
    { retryAfterSeconds: seconds },
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
