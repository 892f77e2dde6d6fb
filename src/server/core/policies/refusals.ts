// What a rule answers: null (allowed) or the AppError the caller throws.
import { AppError } from "../../errors";
import { ROLE_FORBIDDEN } from "../../../shared/api/admin/staff";

export type Verdict = AppError | null;

/** The refusal of a rule only ever asked through `can` (what to show, which way to go). */
export const denied = (): AppError => new AppError("FORBIDDEN", 403, ROLE_FORBIDDEN);
