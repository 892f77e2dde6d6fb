// A client's referrals (public-site §3, §4, §7): GET /api/referrals/{clientCode}, and the
// referral link the share button spreads: {origin}?ref={referralCode}, the client's separate
// referral code, never its client code (decision 108).
import { z } from "../validation";
import { REFERRAL_STATUSES } from "../domain/statuses";
import { ZClientCodeLooseSchema } from "./clients";
import { defineRoute } from "./contract";

export const ZReferralSchema = z.object({
  id: z.number().int(),
  status: z.enum(REFERRAL_STATUSES),
  /** The friend's first name and initial only ("María P."): the rest is not the referrer's to see. */
  referredClientName: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TReferral = z.infer<typeof ZReferralSchema>;

export const ZClientReferralsResponseSchema = z.object({ referrals: z.array(ZReferralSchema) });
export type TClientReferralsResponse = z.infer<typeof ZClientReferralsResponseSchema>;

export const REFERRAL_LINK_COPIED_TITLE = "Link copiado";

/** "https://example.cr" + "EX4K7P2M" → "https://example.cr?ref=EX4K7P2M" (the spec's form, with the referral code). */
export function referralLink(origin: string, referralCode: string): string {
  return `${origin.replace(/\/+$/, "")}?ref=${encodeURIComponent(referralCode)}`;
}

/** GET /api/referrals/{clientCode} (public, by code): the referrals this client made. */
export const CLIENT_REFERRALS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/referrals/:clientCode",
  tag: "referrals",
  summary: "Los referidos de un cliente (nombre e inicial del amigo, estado)",
  params: z.object({ clientCode: ZClientCodeLooseSchema }),
  responses: { 200: ZClientReferralsResponseSchema },
});
