// The API's contract, one entry per call (issue 33 item 3, decision 177): its method, its path,
// the zod rules of its params, query and body, and what it answers. The server registers each
// route from its entry (Fastify validates the input and serialises the answer with these rules,
// and the OpenAPI document at /api/openapi.json is written from them); the browser builds the
// address from the same entry (`routePath`) and reads the answer with the same schema.
import type { ZodType } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A file or a page answer (PDF, workbook, image, CSV, HTML): documented, never serialised. */
export interface BinaryAnswer {
  readonly binary: string;
}

export interface RouteContract {
  readonly method: HttpMethod;
  /** Fastify's form: `/api/admin/payments/:id`. */
  readonly path: string;
  /** One line, Spanish or English, shown in the API reference. */
  readonly summary: string;
  /** The module the route belongs to (the reference groups by it). */
  readonly tag: string;
  readonly params?: ZodType;
  readonly query?: ZodType;
  /** A JSON body; a multipart upload names its type in `consumes` and has no body schema. */
  readonly body?: ZodType;
  /**
   * The forms the API reference shows for a body whose schema reads it with a transform (which
   * JSON Schema cannot describe): their JSON Schema is written by the server with the document,
   * never when the entry loads (decision 194).
   */
  readonly bodyForms?: readonly ZodType[];
  readonly consumes?: "multipart/form-data" | "application/x-www-form-urlencoded";
  /** The answers by status: a zod schema for JSON, `binary(type)` for a file. */
  readonly responses: Readonly<Record<number, ZodType | BinaryAnswer>>;
}

/** Keeps the literal types of an entry (its path and schemas) for the server and the browser. */
export function defineRoute<const T extends RouteContract>(route: T): T {
  return route;
}

/** An answer that is a file of this media type (a PDF, a workbook…); one of several: "application/pdf, image/png". */
export function binary(mediaType: string): BinaryAnswer {
  return { binary: mediaType };
}

export function isBinaryAnswer(answer: ZodType | BinaryAnswer): answer is BinaryAnswer {
  return typeof (answer as BinaryAnswer).binary === "string";
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type PathValues<P extends string> = [ParamNames<P>] extends [never] ? [] : [values: Record<ParamNames<P>, string | number>];

/**
 * The address of a call: the path with its `:params` filled in (each encoded), then the query
 * (`undefined` and empty values left out). `routePath(PAYMENT_DETAIL, { id: 7 })`.
 */
export function routePath<R extends { readonly path: string }>(
  route: R,
  ...args: [...PathValues<R["path"]>, query?: Record<string, string | number | boolean | undefined | null>]
): string {
  const hasParams = route.path.includes(":");
  const values = (hasParams ? args[0] : undefined) as Record<string, string | number> | undefined;
  const query = (hasParams ? args[1] : args[0]) as Record<string, string | number | boolean | undefined | null> | undefined;
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values?.[name];
    if (value === undefined) throw new Error(`routePath: missing ${name} for ${route.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
