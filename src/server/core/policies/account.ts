// Staff accounts (docs/decisions/179): the rules that name a role on a staff account, kept here
// with the others. Who manages accounts at all is the routes' OWNER_ONLY.
import { AppError } from "../../errors";
import { TOTP_REQUIRED_FOR_OWNER } from "../../../shared/api/admin/staff";
import type { Verdict } from "./refusals";

/** Whether the account holds the Dueño role (the last enabled one may not lose it, modules/accounts). */
export const holdsOwnerRole = (account: { role: string }): boolean => account.role === "dueno";

export const accountRules = {
  /** A person turning off their own two-step verification: optional for every role but the Dueño's. */
  "account.disableTotp": (account: { role: string }): Verdict =>
    holdsOwnerRole(account) ? new AppError("FORBIDDEN", 403, TOTP_REQUIRED_FOR_OWNER) : null,
};
