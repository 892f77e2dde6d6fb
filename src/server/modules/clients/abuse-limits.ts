// Abuse limits of the client-facing calls, counted per address in the shared limiter (so every
// app instance agrees): registrations are rare and costly (a WhatsApp message each), lookups by
// code must stay too slow for guessing codes, and a client's writes are few per minute.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { LOOKUP_RATE_LIMITED, REGISTER_RATE_LIMITED } from "../../../shared/api/clients";
import { WRITE_RATE_LIMITED } from "../../../shared/api/trackings";

export const ABUSE_LIMITS = {
  register: { limit: 5, windowMs: 60 * 60_000, message: REGISTER_RATE_LIMITED },
  lookup: { limit: 60, windowMs: 60_000, message: LOOKUP_RATE_LIMITED },
  write: { limit: 30, windowMs: 60_000, message: WRITE_RATE_LIMITED },
} as const;

export type AbuseLimitKind = keyof typeof ABUSE_LIMITS;

/** Counts one call of this kind from the request's address; past the limit answers 429 in Spanish. */
export async function enforceAbuseLimit(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: AbuseLimitKind,
): Promise<void> {
  if (!ctx.config.rateLimit) return;
  const { limit, windowMs, message } = ABUSE_LIMITS[kind];
  const hit = await ctx.limiter.hit(`clients-${kind}:${request.ip}`, limit, windowMs);
  if (hit.allowed) return;
  reply.header("retry-after", String(hit.retryAfterSeconds));
  throw new AppError("RATE_LIMITED", 429, message, { retryAfterSeconds: hit.retryAfterSeconds });
}
