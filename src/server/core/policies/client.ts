// Who may see what of a client (docs/decisions/179). A client sees only itself: the portal finds it
// by its code and every query it makes is filtered by that client's id (package.ts, payment.ts
// for its writes). On the staff side the routes' roles decide who manages clients (OFFICE_STAFF);
// here, per role, what the lists show: Bodega sees no client data beyond name and code (issue 19).
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import { notFound } from "../../errors";
import { owns, type ClientSubject, type StaffSubject } from "./subject";
import { denied, type Verdict } from "./refusals";

export const clientRules = {
  /**
   * The portal's 'Datos para factura electrónica' (issue 34, decision 189): a client changes only
   * its own record, the one its code found; any other is the 404 of a missing client.
   */
  "client.editOwnTaxId": (client: ClientSubject, record: { clientId: number } | undefined): Verdict =>
    owns(client, record) ? null : notFound(CLIENT_NOT_FOUND_MESSAGE),
  /**
   * A client's phone and address in the staff's package search and delivery lists: the office's,
   * not Bodega's. (The Mensajero reads them only on its own list, GET /api/admin/delivery-list,
   * whose route names that role alone.)
   */
  "client.readContact": (staff: StaffSubject): Verdict => (OFFICE_STAFF.includes(staff.role) ? null : denied()),
};
