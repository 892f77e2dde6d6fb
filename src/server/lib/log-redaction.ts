// What the logs must never hold (issue 31, item 5): a client's code is its only credential, and
// signed links, upload signatures, tokens and passwords are credentials too. Every request line
// carries its address through `redactUrl` (the route's own parameters that name a code, every
// query value whose name looks like a credential, and any path segment or query word shaped like
// a client code), errors through `redactText`, and the production logger passes every finished
// line through `redactLine` besides, for the messages that quote an address themselves.
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";

export const REDACTED = "[redacted]";

/** Query or route parameter names whose values are credentials (compared lower case, without _ and -). */
const CREDENTIAL_NAME = /code|codigo|token|pass|secret|sig|key|otp|auth|session|credential/;
/** A client code as a whole word, typed in any case (EX + 3 to 14 letters or digits). */
const CLIENT_CODE_WORD = /^ex[a-z0-9]{3,14}$/i;
/** A client code inside free text, as the server writes it (upper case). */
const CLIENT_CODE_IN_TEXT = /\bEX[A-Z0-9]{3,14}\b/g;
/** `name=value` pairs in any text whose name looks like a credential. */
const CREDENTIAL_PAIR = /([?&;\s"'](?:[\w.-]*?)(?:code|codigo|token|pass|secret|sig|key|otp|auth|session|credential)[\w.-]*=)[^&\s"'#]*/gi;
/** A database error's parameter list (drizzle: "Failed query: …\nparams: …"): values, never logged. */
const QUERY_PARAMS = /(params:)[^\n]*/g;

const isCredentialName = (name: string) => CREDENTIAL_NAME.test(name.toLowerCase().replace(/[_-]/g, ""));

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** The positions of a route pattern's fixed segments (none after a wildcard). */
function fixedSegments(pattern: string | undefined): Set<number> {
  const fixed = new Set<number>();
  if (!pattern) return fixed;
  const parts = pattern.split("/");
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].includes("*")) break;
    if (!parts[i].startsWith(":")) fixed.add(i);
  }
  return fixed;
}

const looksLikeClientCode = (text: string) => CLIENT_CODE_WORD.test(decoded(text).replace(/\s+/g, ""));

/**
 * The request's address for the log: query values named like credentials replaced, and any path
 * segment or query value (or word of one) shaped like a client code. `route` is what the router
 * matched: its fixed segments are kept as they are (/api/admin/audit/export), and a parameter
 * named like a credential (`:clientCode`) is replaced whatever it holds.
 */
export function redactUrl(url: string, route?: { pattern?: string; params?: Record<string, unknown> | null }): string {
  const mark = url.indexOf("?");
  const path = mark < 0 ? url : url.slice(0, mark);
  const query = mark < 0 ? "" : url.slice(mark + 1);
  const secretParams = new Set<string>();
  for (const [name, value] of Object.entries(route?.params ?? {})) {
    if (typeof value === "string" && value !== "" && isCredentialName(name)) secretParams.add(value);
  }
  const fixed = fixedSegments(route?.pattern);
  const safePath = path
    .split("/")
    .map((segment, index) =>
      segment !== "" && !fixed.has(index) && (looksLikeClientCode(segment) || secretParams.has(decoded(segment))) ? REDACTED : segment,
    )
    .join("/");
  if (mark < 0) return safePath;
  const safeQuery = query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return looksLikeClientCode(pair) ? REDACTED : pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === "") return pair;
      if (isCredentialName(decoded(name))) return `${name}=${REDACTED}`;
      const words = decoded(value).split(/[^a-z0-9]+/i);
      return words.some((word) => CLIENT_CODE_WORD.test(word)) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${safePath}?${safeQuery}`;
}

/** Free text (an error's message or stack, a log message): codes, credential pairs and query parameters removed. */
export function redactText(text: string): string {
  return text.replace(QUERY_PARAMS, `$1 ${REDACTED}`).replace(CREDENTIAL_PAIR, `$1${REDACTED}`).replace(CLIENT_CODE_IN_TEXT, REDACTED);
}

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  params?: unknown;
  routeOptions?: { url?: string };
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer (method, address, version, host, remote address and port), with the address redacted. */
function serializeRequest(request: RequestLike) {
  const params = request.params && typeof request.params === "object" ? (request.params as Record<string, unknown>) : null;
  return {
    method: request.method,
    url: typeof request.url === "string" ? redactUrl(request.url, { pattern: request.routeOptions?.url, params }) : request.url,
    version: request.headers?.["accept-version"],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error serializer, with message and stack redacted (a database error quotes its parameters). */
function serializeError(error: unknown) {
  const out = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== "object") return out;
  for (const key of ["message", "stack", "query"]) {
    if (typeof out[key] === "string") out[key] = redactText(out[key]);
  }
  if ("params" in out) out.params = REDACTED;
  return out;
}

/** The serializers every app logger uses (app.ts applies them to whatever logger it is given). */
export const REDACTING_SERIALIZERS = { req: serializeRequest, err: serializeError } as const;

/** A whole serialized log line, last: what a message quoted itself (Fastify's own warnings quote addresses). */
export function redactLine(line: string): string {
  return line.replace(CREDENTIAL_PAIR, `$1${REDACTED}`).replace(CLIENT_CODE_IN_TEXT, REDACTED);
}

/** The production logger: JSON lines at `level`, every line redacted before it is written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: undefined,
    serializers: REDACTING_SERIALIZERS,
    hooks: { streamWrite: redactLine },
  };
  return destination ? pino(options, destination) : pino(options);
}
