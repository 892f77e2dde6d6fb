// Who may see what of a client (docs/decisions/179). A client sees only itself: the portal finds it
// by its code and every query it makes is filtered by that client's id (package.ts, payment.ts
// for its writes). On the staff side the routes' roles decide who manages clients (OFFICE_STAFF);
// here, per role, what the lists show: Bodega sees no client data beyond name and code (issue 19).
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { StaffSubject } from "./subject";
import { denied, type Verdict } from "./refusals";

export const clientRules = {
  /**
   * A client's phone and address in the staff's package search and delivery lists: the office's,
   * not Bodega's. (The Mensajero reads them only on its own list, GET /api/admin/delivery-list,
   * whose route names that role alone.)
   */
  "client.readContact": (staff: StaffSubject): Verdict => (OFFICE_STAFF.includes(staff.role) ? null : denied()),
};
