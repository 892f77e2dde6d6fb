// GET /api/challenge's contract entry (issue 33 item 3). Apart from ./challenge, which the entry
// chunk's API client reads and must stay without zod (decision 091): its path is CHALLENGE_URL.
import { z } from "../validation";
import { CHALLENGE_URL } from "./challenge";
import { defineRoute } from "./contract";

/**
 * A new challenge (ALTCHA v2 JSON) for the widget. The 428 names its price and, for a lookup, the
 * client code (`?price=4&code=EX…`, decision 144); a price or code that is not one is ignored
 * (price 1, no code), as before: never a refusal.
 */
export const CHALLENGE_ROUTE = defineRoute({
  method: "GET",
  path: CHALLENGE_URL,
  tag: "challenge",
  summary: "Un reto de prueba de trabajo (ALTCHA) para el widget «No soy un robot»",
  query: z.object({
    price: z.string().optional().catch(undefined),
    code: z.string().optional().catch(undefined),
  }),
  responses: {
    200: z.object({
      parameters: z.object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        memoryCost: z.number().optional(),
        parallelism: z.number().optional(),
        expiresAt: z.number().optional(),
        data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
      }),
      signature: z.string().optional(),
      codeChallenge: z.object({ image: z.string(), audio: z.string().optional(), length: z.number().optional() }).optional(),
    }),
  },
});
