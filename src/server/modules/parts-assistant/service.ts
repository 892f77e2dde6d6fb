// The parts search (public-site §6, §7, §9): a verified client asks for a part and gets offers,
// within a monthly quota. The quota is counted in ONE conditional UPDATE that also performs the
// monthly reset, in the same transaction that stores the search with its results, and only after
// the provider has answered (docs/decisions/051): a failed provider counts nothing, a stored
// search is counted exactly once, and two searches at once can never both take the last one.
// Only an answer from the AI spends a search: store links answered without it (no AI configured,
// or the AI failed) are stored for the staff's history but counted nothing (docs/decisions/111).
import { and, eq, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { clients, partsSearches } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { PartsProvider, WarnLogger } from "../../providers/parts/types";
import { VERIFY_NOT_FOUND, type TVerifiedClient } from "../../../shared/api/clients-verification";
import {
  LIMIT_REACHED_TITLE,
  limitReachedMessage,
  type TPartsSearchRequest,
  type TPartsSearchResponse,
} from "../../../shared/api/parts-assistant";
import { costaRicaMonthKey } from "../../../shared/domain/dates";
import { SEARCH_ACCESS } from "../../../shared/domain/search-quota";
import { findClientForSearch, presentQuota, quotaColumns } from "../clients/verification-service";

export interface SearchPartsOptions {
  provider: PartsProvider;
  brandName: string;
  now?: Date;
  log?: WarnLogger;
}

/** 429 with the spec's title as `error`, and the quota as it stands so the page can show it. */
export function limitReached(brandName: string, clientInfo: TVerifiedClient): AppError {
  return new AppError("LIMIT_REACHED", 429, limitReachedMessage(brandName), { error: LIMIT_REACHED_TITLE, clientInfo });
}

/**
 * Counts one search if the client may still search this month. A counter from an earlier month
 * (Costa Rica calendar) starts again from this search; unlimited clients are counted for the
 * staff's statistics but never refused. Returns null when the quota is used up. Because it is a
 * single UPDATE … WHERE, PostgreSQL re-checks the condition on the locked, latest row version, so
 * concurrent searches queue on the row and only as many as are left succeed.
 */
export async function countSearch(tx: DbOrTx, clientId: number, now: Date) {
  const monthStart = `${costaRicaMonthKey(now)}-01`;
  const stale = sql`${clients.lastResetDate} < ${monthStart}::date`;
  const [row] = await tx
    .update(clients)
    .set({
      searchCount: sql`case when ${stale} then 1 else ${clients.searchCount} + 1 end`,
      lastResetDate: sql`greatest(${clients.lastResetDate}, ${monthStart}::date)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(clients.id, clientId),
        or(
          eq(clients.unlimitedAccess, SEARCH_ACCESS.UNLIMITED),
          sql`(case when ${stale} then 0 else ${clients.searchCount} end) < ${clients.searchLimit}`,
        ),
      ),
    )
    .returning(quotaColumns);
  return row ?? null;
}

/** The quota as it stands, for an answer that spent none of it. */
async function currentQuota(tx: DbOrTx, clientId: number) {
  const [row] = await tx.select(quotaColumns).from(clients).where(eq(clients.id, clientId));
  return row ?? null;
}

export async function searchParts(
  db: Db,
  input: TPartsSearchRequest,
  options: SearchPartsOptions,
): Promise<TPartsSearchResponse> {
  const now = options.now ?? new Date();
  const client = await findClientForSearch(db, input.clientCode);
  if (!client) throw notFound(VERIFY_NOT_FOUND);
  // A quick refusal before spending a provider call; the count below is what really decides.
  const before = presentQuota(client, now);
  if (!before.unlimitedAccess && before.searchesRemaining === 0) throw limitReached(options.brandName, before);

  const { clientCode: _code, ...query } = input;
  const outcome = await options.provider.search(query, options.log);

  return db.transaction(async (tx) => {
    const counted = outcome.fallbackUsado ? await currentQuota(tx, client.id) : await countSearch(tx, client.id, now);
    if (!counted) {
      // Another search took the last one while the provider was answering: this one is not stored.
      const [latest] = await tx.select(quotaColumns).from(clients).where(eq(clients.id, client.id));
      throw limitReached(options.brandName, presentQuota(latest ?? client, now));
    }
    await tx.insert(partsSearches).values({
      clientId: client.id,
      marca: query.marca,
      modelo: query.modelo,
      anio: query.anio,
      numeroPieza: query.numeroPieza ?? null,
      parte: query.parte ?? null,
      descripcion: query.descripcion ?? null,
      imagenUrl: query.imagenUrl ?? null,
      results: outcome.results,
      fallbackUsado: outcome.fallbackUsado,
      createdAt: now,
    });
    return { results: outcome.results, clientInfo: presentQuota(counted, now), fallbackUsado: outcome.fallbackUsado };
  });
}
