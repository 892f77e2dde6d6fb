// Access policies (issue 33 item 2, docs/decisions/179): every "who may read or change this
// record" decision about packages, payments, clients (and the role rules on staff accounts), one
// file per entity, in the shape of outline's server/policies: a rule per action, asked with `can`
// (a yes or no: what to show) or `authorize` (throws the rule's AppError, with its Spanish message
// and status: the 404 of a missing record for another client's, 403 or 409 where those apply).
//
// Two gates, in this order: a route's declared roles (config.roles, checked by the admin hook in
// app.ts) decide who may call it at all; these rules decide per record and per role inside it.
// Services and routes ask here and never compare a role themselves (policies.test.ts checks it).
import { accountRules } from "./account";
import { clientRules } from "./client";
import { invoiceRules } from "./invoice";
import { packageRules } from "./package";
import { paymentRules } from "./payment";
import type { Verdict } from "./refusals";

export { clientSubject, owns, staffSubject, type StaffSubject } from "./subject";
export { holdsOwnerRole } from "./account";

const RULES = { ...packageRules, ...paymentRules, ...clientRules, ...invoiceRules, ...accountRules };

type Rules = typeof RULES;
export type Action = keyof Rules;
type SubjectOf<A extends Action> = Parameters<Rules[A]>[0];
/** The record a rule reads, when it reads one (`can(staff, "package.readCharges")` reads none). */
type RecordArgs<A extends Action> = Parameters<Rules[A]> extends [unknown, ...infer Rest] ? Rest : [];

function verdict<A extends Action>(subject: SubjectOf<A>, action: A, record: RecordArgs<A>): Verdict {
  const rule = RULES[action] as unknown as (subject: SubjectOf<A>, ...record: RecordArgs<A>) => Verdict;
  return rule(subject, ...record);
}

/** Whether `subject` may do `action` (on the record). */
export function can<A extends Action>(subject: SubjectOf<A>, action: A, ...record: RecordArgs<A>): boolean {
  return verdict(subject, action, record) === null;
}

/** Throws the rule's refusal (an AppError) unless `subject` may do `action` (on the record). */
export function authorize<A extends Action>(subject: SubjectOf<A>, action: A, ...record: RecordArgs<A>): void {
  const refusal = verdict(subject, action, record);
  if (refusal) throw refusal;
}
