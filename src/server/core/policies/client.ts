// Who may see what of a client (docs/decisions/179). A client sees only itself: the portal finds it
// by its code and every query it makes is filtered by that client's id (package.ts, payment.ts
// for its writes). On the staff side the routes' roles decide who manages clients (OFFICE_STAFF);
// here, per role, what the lists show: Bodega sees no client data beyond name and code (issue 19).
import type { StaffSubject } from "./subject";
import { denied, type Verdict } from "./refusals";

export const clientRules = {
  /** Phone, e-mail, address: searching by phone and reading them in lists and deliveries. */
  "client.readContact": (staff: StaffSubject): Verdict => (staff.role === "bodega" ? denied() : null),
};
