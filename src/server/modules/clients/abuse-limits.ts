// Abuse limits of the client-facing calls, counted per address in the shared limiter (so every
// app instance agrees): registrations are rare and costly (a WhatsApp message each), lookups by
// code must stay too slow for guessing codes, and a client's writes are few per minute. The
// numbers and messages live in the one table of src/server/lib/abuse-limits.ts (RATE_LIMITS).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { ABUSE_LIMITS as LIMITS, enforceLimit, type AbuseLimitName } from "../../lib/abuse-limits";

const NAMES = { register: "registration", lookup: "clientLookup", write: "clientWrite" } as const satisfies Record<string, AbuseLimitName>;

export const ABUSE_LIMITS = {
  register: LIMITS.registration,
  lookup: LIMITS.clientLookup,
  write: LIMITS.clientWrite,
} as const;

export type AbuseLimitKind = keyof typeof NAMES;

/** Counts one call of this kind from the request's address; past the limit answers 429 in Spanish. */
export async function enforceAbuseLimit(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: AbuseLimitKind,
): Promise<void> {
  await enforceLimit(ctx, request, NAMES[kind], reply);
}
