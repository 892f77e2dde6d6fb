// SQL that builds JSON in the shape of a shared zod schema (issue 33 item 4, docs/decisions/176):
// the schema is the source of the keys and their order; the caller gives one SQL expression per
// key. A key of the schema without an expression, or an expression for a key the schema lacks,
// does not type-check; should a cast slip one through, building the SQL throws at module load.
import type { z } from "../../../shared/validation";

/** One SQL expression per key of the object schema, nothing else. */
export type SqlColumns<S extends z.ZodObject> = { readonly [K in keyof S["shape"]]: string };

/** `json_build_object('key', expression, …)` in the schema's key order. */
export function jsonObjectSql<S extends z.ZodObject>(schema: S, columns: SqlColumns<S>): string {
  const keys = Object.keys(schema.shape);
  const given = Object.keys(columns);
  const missing = keys.filter((k) => !given.includes(k));
  const extra = given.filter((k) => !keys.includes(k));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(`SQL JSON does not match its schema: missing [${missing.join(", ")}], extra [${extra.join(", ")}]`);
  }
  const bad = keys.find((k) => !/^[A-Za-z][A-Za-z0-9]*$/.test(k));
  if (bad !== undefined) throw new Error(`Schema key unfit for SQL: ${bad}`);
  const byKey = columns as Readonly<Record<string, string>>;
  return `json_build_object(${keys.map((k) => `'${k}', ${byKey[k]}`).join(", ")})`;
}
