// Abuse limits of the parts assistant's public calls, counted per address in the shared limiter
// (every app instance agrees): verifying codes must stay too slow for guessing them, and
// searches and upload addresses cost AI calls and storage. The numbers and messages live in the
// one table of src/server/lib/abuse-limits.ts (RATE_LIMITS).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { ABUSE_LIMITS, enforceLimit, type AbuseLimitName } from "../../lib/abuse-limits";

const NAMES = { verify: "verification", search: "partsSearch", uploadUrl: "upload" } as const satisfies Record<string, AbuseLimitName>;

export const PARTS_ABUSE_LIMITS = {
  verify: ABUSE_LIMITS.verification,
  search: ABUSE_LIMITS.partsSearch,
  uploadUrl: ABUSE_LIMITS.upload,
} as const;

export type PartsAbuseLimitKind = keyof typeof NAMES;

/** Counts one call of this kind from the request's address; past the limit answers 429 in Spanish. */
export async function enforcePartsAbuseLimit(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: PartsAbuseLimitKind,
): Promise<void> {
  await enforceLimit(ctx, request, NAMES[kind], reply);
}
