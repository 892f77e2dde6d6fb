// Who may read or change a package (docs/decisions/179).
// - A client (the portal) edits or deletes only its own package, and only while it is in
//   SEGUIMIENTO_INTERNACIONAL: another client's package answers the 404 of a missing one
//   (`owns`, the check payments use too), a package past that status 409.
// - Bodega changes only BODEGA_PACKAGE_FIELDS (plus its explicit 'Entregar con saldo pendiente'
//   choice, decision 139) and sees no charge columns (total, paid, saldo).
// - A Mensajero delivers only a package on its own list; any other answers the 404 of a missing one
//   (decision 161). The other delivering roles deliver any ready package.
// - A client attaches or replaces the purchase invoice only of its own package, until it is
//   delivered (409 after); it opens only its own package's invoice (docs/decisions/215). Another
//   client's package answers the 404 of a missing one.
// - A package with a balance is delivered only by an explicit choice, or by the Excel import (the
//   office's reconciliation of deliveries already made).
import { conflict, notFound, AppError } from "../../errors";
import { TRACKING_NOT_FOUND, trackingNotEditableMessage } from "../../../shared/api/trackings";
import { DELIVERY_NOT_FOUND } from "../../../shared/api/admin/deliveries";
import { INVOICE_PACKAGE_DELIVERED } from "../../../shared/api/purchase-invoices";
import { BODEGA_FIELDS_FORBIDDEN, type ActorKind } from "../../../shared/api/admin/staff";
import { CLIENT_EDITABLE_STATUS, type Origin, type TrackingStatus } from "../../../shared/domain/statuses";
import { BODEGA_PACKAGE_FIELDS, OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import { owns, type ClientSubject, type StaffSubject } from "./subject";
import { denied, type Verdict } from "./refusals";

/** What a client's write reads of the package: whose it is, its status and its origin. */
export interface ClientPackage {
  clientId: number;
  estado: string;
  origen: string | null;
}

function clientWrite(action: "editar" | "eliminar") {
  return (client: ClientSubject, pkg: ClientPackage | undefined): Verdict => {
    if (!owns(client, pkg)) return notFound(TRACKING_NOT_FOUND);
    if (pkg.estado !== CLIENT_EDITABLE_STATUS) {
      return conflict(trackingNotEditableMessage(pkg.estado as TrackingStatus, action, pkg.origen as Origin | null));
    }
    return null;
  };
}

// Bodega's 'Entregar con saldo pendiente' is a choice, not a field (docs/decisions/139).
const BODEGA_FIELDS: ReadonlySet<string> = new Set([...BODEGA_PACKAGE_FIELDS, "entregarConSaldo"]);
const BULK_BODEGA_FIELDS: ReadonlySet<string> = new Set([...BODEGA_FIELDS, "ids"]);

/** A staff change: the request body as sent, and whether it is the bulk status call (its `ids` are no field). */
export interface PackageChange {
  body: unknown;
  bulk?: boolean;
}

export const packageRules = {
  "package.edit": clientWrite("editar"),
  "package.delete": clientWrite("eliminar"),

  /** The client's purchase invoice (attach or replace): its own package, not yet delivered. */
  "package.attachInvoice": (client: ClientSubject, pkg: ClientPackage | undefined): Verdict => {
    if (!owns(client, pkg)) return notFound(TRACKING_NOT_FOUND);
    return pkg.estado === "ENTREGADO" ? conflict(INVOICE_PACKAGE_DELIVERED) : null;
  },

  /** Opening a package's invoice file as its client: its own only. */
  "package.readInvoice": (client: ClientSubject, pkg: { clientId: number } | undefined): Verdict => (owns(client, pkg) ? null : notFound(TRACKING_NOT_FOUND)),

  /** Bodega: a body naming any field outside its own is refused with 403 before anything is read or written. */
  "package.changeFields": (staff: StaffSubject, change: PackageChange): Verdict => {
    if (staff.role !== "bodega") return null;
    const { body } = change;
    if (body === null || typeof body !== "object") return null;
    const allowed = change.bulk ? BULK_BODEGA_FIELDS : BODEGA_FIELDS;
    const outside = Object.entries(body as Record<string, unknown>).some(([key, value]) => value !== undefined && !allowed.has(key));
    return outside ? new AppError("FORBIDDEN", 403, BODEGA_FIELDS_FORBIDDEN) : null;
  },

  /**
   * The charge columns (total, paid, saldo) in the staff's package answers and lists: the office's,
   * not Bodega's (it sees the freight and, delivering, the saldo; docs/decisions/139).
   */
  "package.readCharges": (staff: StaffSubject): Verdict => (OFFICE_STAFF.includes(staff.role) ? null : denied()),

  /** Delivering a package with its proof; `messengerAccountId` is the Mensajero whose list has it, if any. */
  "package.deliver": (staff: StaffSubject, assignment: { messengerAccountId: number | null }): Verdict =>
    staff.role === "mensajero" && assignment.messengerAccountId !== staff.accountId ? notFound(DELIVERY_NOT_FOUND) : null,

  /** Moving a package that still owes to ENTREGADO. The caller names every refused package in one 409. */
  "package.deliverWithBalance": (actor: { kind: ActorKind }, choice: { entregarConSaldo?: boolean }): Verdict =>
    choice.entregarConSaldo === true || actor.kind === "import" ? null : denied(),
};
