// Who makes a change (issue 19): a staff member (from the session the auth hook verified), a
// client through the portal, the Excel import run by a staff member, or the server itself (a
// command such as the owner's recovery). Services take an Actor and write it into the audit log
// and the status history; routes build it with the functions below.
import type { FastifyRequest } from "fastify";
import { ACTOR_LABELS } from "../../shared/domain/staff-roles";
import type { ActorKind } from "../../shared/api/admin/staff";

export interface Actor {
  kind: ActorKind;
  /** The staff member (also for the import they ran); null for a client or the server. */
  accountId: number | null;
  /** The person's name, 'Cliente', 'Importación Excel · <name>', 'Sistema'. */
  label: string;
  ip: string | null;
}

/** The staff member behind an admin request (the auth hook has verified the session). */
export function staffActor(request: FastifyRequest): Actor {
  const staff = request.staff;
  if (!staff) throw new Error(`staffActor: ${request.method} ${request.routeOptions.url ?? "(no route)"} has no staff session`);
  return { kind: "staff", accountId: staff.accountId, label: staff.name, ip: request.ip ?? null };
}

/** The Excel import, run by the staff member behind the request. */
export function importActor(request: FastifyRequest): Actor {
  const person = staffActor(request);
  return { ...person, kind: "import", label: `${ACTOR_LABELS.import} · ${person.label}`.slice(0, 120) };
}

/** A client through the portal (identified by their code, not a session). */
export function clientActor(request: Pick<FastifyRequest, "ip">): Actor {
  return { kind: "client", accountId: null, label: ACTOR_LABELS.client, ip: request.ip ?? null };
}

/** The server itself: commands run on the machine, background jobs, seeds, tests. */
export const SYSTEM_ACTOR: Actor = { kind: "system", accountId: null, label: ACTOR_LABELS.system, ip: null };

/** What tracking_status_history.changed_by stores for this actor (64 characters). */
export function historyLabel(actor: Actor): string {
  return actor.label.slice(0, 64);
}
