// Public route samples of the "site" group (see types.ts): coupons, referrals, contact, the
// calculator's helpers, health, seo, challenge, parts and product assistants, page forms.
import type { PublicSamples } from "./types";
import { registerTestClient } from "../clients";

export const SAMPLES: PublicSamples = {
  "GET /api/coupons/:clientCode": async (t) => {
    const { clientCode } = await registerTestClient(t.app);
    return { method: "GET", url: `/api/coupons/${clientCode}` };
  },
};
