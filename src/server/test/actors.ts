// Actors for tests that call the package services directly (HTTP tests get theirs from the session).
import type { Actor } from "../lib/actor";
import { ACTOR_LABELS } from "../../shared/domain/staff-roles";

export const TEST_ADMIN_ACTOR: Actor = { kind: "staff", accountId: null, label: "admin", ip: null };
export const TEST_IMPORT_ACTOR: Actor = { kind: "import", accountId: null, label: ACTOR_LABELS.import, ip: null };
