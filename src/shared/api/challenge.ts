// The proof-of-work challenge some requests must carry once an address has used its free
// allowance (decision 109): the 428 answer's texts and where a challenge comes from.

/** GET: a new challenge (ALTCHA v2 JSON) for the widget (CHALLENGE_ROUTE in ./challenge-route; kept here, without zod, for the entry chunk). */
export const CHALLENGE_URL = "/api/challenge";
/** The header a retried request carries the widget's payload in. */
export const CHALLENGE_HEADER = "x-altcha";
/** The `code` of a 428 that asks for a solved challenge. */
export const CHALLENGE_REQUIRED_CODE = "CHALLENGE_REQUIRED";

export const CHALLENGE_REQUIRED =
  "Desde esta conexión se han hecho muchas consultas. Confirma que no eres un robot para continuar.";
export const CHALLENGE_INVALID = "La verificación venció o ya se usó. Confirma de nuevo que no eres un robot.";
/** Added to the 428's message when the challenge is a dear one (many misses from the connection). */
export const CHALLENGE_SLOW = "Por los muchos códigos equivocados desde esta conexión, la verificación puede tardar hasta un minuto.";
/**
 * The header a browser gets with an answer about a client code it was shown (a lookup, a
 * registration): a signed pass for that code. Sent back (all the passes it holds, comma-separated),
 * its requests for that code skip the connection's miss challenge (decision 144).
 */
export const CODE_PASS_HEADER = "x-code-pass";
