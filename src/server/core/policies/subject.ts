// Who asks (docs/decisions/179): a client of the portal, known by its code and nothing else, or a
// staff member whose session the admin hook verified (app.ts). The Excel import and the server
// itself appear only where a rule names them (an Actor's kind, lib/actor.ts).
import type { FastifyRequest } from "fastify";
import type { StaffRole } from "../../../shared/domain/staff-roles";

/** A client through the portal: the client its typed code found. */
export interface ClientSubject {
  kind: "client";
  clientId: number;
}

/** A staff member: the role and account of the verified session. */
export interface StaffSubject {
  kind: "staff";
  role: StaffRole;
  accountId: number;
}

/** The client a typed code found (core/client-codes.ts findClientByTypedCode). */
export const clientSubject = (client: { id: number }): ClientSubject => ({ kind: "client", clientId: client.id });

/** The staff member behind an admin request (the auth hook has verified the session). */
export function staffSubject(request: Pick<FastifyRequest, "staff" | "method" | "url">): StaffSubject {
  const staff = request.staff;
  if (!staff) throw new Error(`staffSubject: ${request.method} ${request.url} has no staff session`);
  return { kind: "staff", role: staff.role, accountId: staff.accountId };
}

/**
 * THE ownership check, the one the portal and the payments use alike: the record (a package, a
 * receipt) is this client's. A missing record and another client's are the same "no", so an id
 * never tells a stranger that it exists.
 */
export function owns<R extends { clientId: number }>(client: ClientSubject, record: R | undefined | null): record is R {
  return record !== undefined && record !== null && record.clientId === client.clientId;
}
