// Who may see what of a client (docs/decisions/179). A client sees only itself: the portal finds it
// by its code and every query it makes is filtered by that client's id (package.ts, payment.ts
// for its writes). On the staff side the routes' roles decide who manages clients (OFFICE_STAFF);
// here, per role, what the lists show: Bodega sees no client data beyond name and code (issue 19).
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import { AppError, notFound } from "../../errors";
import { SIGN_IN_REQUIRED } from "../../../shared/api/client-access";
import { owns, type ClientSubject, type StaffSubject } from "./subject";
import { denied, type Verdict } from "./refusals";

/** Who opens an account through the portal: whether the browser holds a session of that client. */
export interface PortalVisitor {
  kind: "portal";
  signedIn: boolean;
}

export const clientRules = {
  /**
   * A protected account (issue 36 item 3, decision 216): its bare code opens only the packages'
   * statuses; every portal route declaring `clientAccess: "account"` (data, photos, amounts,
   * receipts, comprobantes, changes) needs the client's sign-in. An unprotected account opens as
   * the spec says. Asked by the one gate in modules/client-access/gate.ts for every such route.
   */
  "client.openAccount": (visitor: PortalVisitor, account: { protected: boolean }): Verdict =>
    !account.protected || visitor.signedIn ? null : new AppError("SIGN_IN_REQUIRED", 401, SIGN_IN_REQUIRED),

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
