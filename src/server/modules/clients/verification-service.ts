// Client verification for the parts assistant: finds a client by code and presents its monthly
// search quota. Reading never writes: a counter from an earlier month shows as 0 here and is
// reset for real by the next search (parts-assistant/service.ts), in the same statement that counts it.
import type { DbOrTx } from "../../db/client";
import { clients } from "../../db/schema";
import { findClientByTypedCode } from "../../core/client-codes";
import { notFound } from "../../errors";
import { VERIFY_NOT_FOUND, type TVerifiedClient } from "../../../shared/api/clients-verification";
import { effectiveSearchLimit, needsMonthlyReset, searchesRemaining, SEARCH_ACCESS } from "../../../shared/domain/search-quota";

export interface QuotaRow {
  nombre: string;
  searchCount: number;
  searchLimit: number;
  unlimitedAccess: number;
  lastResetDate: string;
}

/** The quota a person sees now: a counter of an earlier month counts as 0. */
export function presentQuota(row: QuotaRow, now: Date): TVerifiedClient {
  const searchCount = needsMonthlyReset(row.lastResetDate, now) ? 0 : row.searchCount;
  const quota = { searchCount, searchLimit: row.searchLimit, unlimitedAccess: row.unlimitedAccess };
  return {
    nombre: row.nombre,
    searchCount,
    searchLimit: effectiveSearchLimit(row.searchLimit),
    unlimitedAccess: row.unlimitedAccess === SEARCH_ACCESS.UNLIMITED,
    searchesRemaining: searchesRemaining(quota),
  };
}

export const quotaColumns = {
  id: clients.id,
  nombre: clients.nombre,
  searchCount: clients.searchCount,
  searchLimit: clients.searchLimit,
  unlimitedAccess: clients.unlimitedAccess,
  lastResetDate: clients.lastResetDate,
};

export async function findClientForSearch(db: DbOrTx, clientCode: string): Promise<(QuotaRow & { id: number }) | null> {
  return findClientByTypedCode(db, clientCode, quotaColumns);
}

/** GET /api/clients/verify/{code}: the client's name and quota, or 404. */
export async function verifyClient(db: DbOrTx, clientCode: string, now = new Date()): Promise<TVerifiedClient> {
  const row = await findClientForSearch(db, clientCode);
  if (!row) throw notFound(VERIFY_NOT_FOUND);
  return presentQuota(row, now);
}
