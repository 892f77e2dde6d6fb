// Abuse limits of the parts assistant's public calls, counted per address in the shared limiter
// (every app instance agrees): verifying codes must stay too slow for guessing them, and
// searches and upload addresses cost AI calls and storage.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { VERIFY_RATE_LIMITED } from "../../../shared/api/client-verification";
import { SEARCH_RATE_LIMITED } from "../../../shared/api/parts-assistant";
import { UPLOAD_RATE_LIMITED } from "../../../shared/api/uploads";

const TEN_MINUTES = 10 * 60_000;

export const PARTS_ABUSE_LIMITS = {
  verify: { limit: 30, windowMs: TEN_MINUTES, message: VERIFY_RATE_LIMITED },
  search: { limit: 20, windowMs: TEN_MINUTES, message: SEARCH_RATE_LIMITED },
  uploadUrl: { limit: 20, windowMs: TEN_MINUTES, message: UPLOAD_RATE_LIMITED },
} as const;

export type PartsAbuseLimitKind = keyof typeof PARTS_ABUSE_LIMITS;

/** Counts one call of this kind from the request's address; past the limit answers 429 in Spanish. */
export async function enforcePartsAbuseLimit(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: PartsAbuseLimitKind,
): Promise<void> {
  if (!ctx.config.rateLimit) return;
  const { limit, windowMs, message } = PARTS_ABUSE_LIMITS[kind];
  const hit = await ctx.limiter.hit(`parts-${kind}:${request.ip}`, limit, windowMs);
  if (hit.allowed) return;
  reply.header("retry-after", String(hit.retryAfterSeconds));
  throw new AppError("RATE_LIMITED", 429, message, { retryAfterSeconds: hit.retryAfterSeconds });
}
