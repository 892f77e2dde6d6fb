// Who may pay for what (docs/decisions/179).
// - A client sends a SINPE receipt only for its own package: another client's answers the 404 of a
//   missing one, through the same `owns` check as the portal's edits.
// - A payment staff record is one client's: each package it pays and the receipt it confirms must
//   be that client's (400, nothing recorded).
// - A payment dated more than PAID_AT_WINDOW_DAYS back: the Dueño only (403).
import { AppError, badRequest, notFound } from "../../errors";
import { TRACKING_NOT_FOUND } from "../../../shared/api/trackings";
import { PAID_AT_TOO_OLD, PROOF_OTHER_CLIENT, packageNotOfClient } from "../../../shared/api/admin/payments";
import type { StaffRole } from "../../../shared/domain/staff-roles";
import { owns, type ClientSubject } from "./subject";
import type { Verdict } from "./refusals";

export const paymentRules = {
  /** A client's receipt for one package (a receipt for the whole balance names none). */
  "payment.sendProof": (client: ClientSubject, pkg: { clientId: number } | undefined): Verdict => (owns(client, pkg) ? null : notFound(TRACKING_NOT_FOUND)),

  /** One package a staff-recorded payment of the client `payer` pays (`pkg` undefined: no such package). */
  "payment.allocate": (payer: ClientSubject, allocation: { trackingId: number; pkg: { clientId: number } | undefined }): Verdict =>
    owns(payer, allocation.pkg) ? null : badRequest(packageNotOfClient(allocation.trackingId)),

  /** The client's receipt a payment confirms. */
  "payment.confirmProof": (payer: ClientSubject, proof: { clientId: number }): Verdict => (owns(payer, proof) ? null : badRequest(PROOF_OTHER_CLIENT)),

  /** A paidAt beyond the window (the caller checks the window; `role` undefined: no session, e.g. a script). */
  "payment.backdate": (staff: { role?: StaffRole }): Verdict => (staff.role === "dueno" ? null : new AppError("FORBIDDEN", 403, PAID_AT_TOO_OLD)),
};
