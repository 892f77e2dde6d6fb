// The proof-of-work challenge some requests must carry once an address has used its free
// allowance (decision 109): the 428 answer's texts and where a challenge comes from.

/** GET: a new challenge (ALTCHA v2 JSON) for the widget. */
export const CHALLENGE_URL = "/api/challenge";
/** The header a retried request carries the widget's payload in. */
export const CHALLENGE_HEADER = "x-altcha";
/** The `code` of a 428 that asks for a solved challenge. */
export const CHALLENGE_REQUIRED_CODE = "CHALLENGE_REQUIRED";

export const CHALLENGE_REQUIRED =
  "Desde esta conexión se han hecho muchas consultas. Confirma que no eres un robot para continuar.";
export const CHALLENGE_INVALID = "La verificación venció o ya se usó. Confirma de nuevo que no eres un robot.";

/**
 * The most work one challenge may ask for, in standard challenges (decision 143): a sign-in to an
 * account or from an address with many recent failures asks for up to this many at once.
 */
export const MAX_CHALLENGE_WORK = 64;
/** Where the widget fetches a challenge worth `work` standard ones. */
export const challengeUrlFor = (work: number): string => `${CHALLENGE_URL}?work=${work}`;
