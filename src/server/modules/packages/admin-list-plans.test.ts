// The back office's lists read the indexes made for them (issue 37 item 3, decision 223): a plan
// that stops using one is as slow at 100 000 packages as before, with every test still green.
// Each plan is asked with sequential scans and whole sorts priced out (`set local`), so the
// answer says whether the statement CAN be answered from the index (an expression the index does
// not match, or an OR that hides it, cannot), whatever the size of the test database. Results
// are tested beside each list (staff-list.test.ts, staff-clients.test.ts); timings are the bench's.
import { describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { useTestApp } from "../../test/app";
import { rowsOf } from "../../lib/rate-limiter";
import { adminPackagesStatement } from "./staff-list";
import { adminClientsStatement } from "../clients/staff-service";
import { ZAdminPackagesQuerySchema } from "../../../shared/api/admin/packages";
import { ZAdminClientsQuerySchema } from "../../../shared/api/admin/clients";

const t = useTestApp();

async function planOf(statement: SQL): Promise<string> {
  return t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const rows = rowsOf<Record<string, string>>(await tx.execute(sql`explain ${statement}`));
    return rows.map((row) => Object.values(row)[0]).join("\n");
  });
}

const packagesPlan = (query: Record<string, string>) => planOf(adminPackagesStatement(ZAdminPackagesQuerySchema.parse(query), new Date()));
const clientsPlan = (query: Record<string, string>) => planOf(adminClientsStatement(ZAdminClientsQuerySchema.parse(query), new Date()));

describe("the admin lists' plans", () => {
  it("sorts Paquetes by client from the folded-name index, either way and within a status", async () => {
    const queries: Record<string, string>[] = [{ sort: "cliente" }, { sort: "cliente", dir: "asc" }, { sort: "cliente", estado: "EN_ADUANAS" }];
    for (const query of queries) {
      expect(await packagesPlan(query), JSON.stringify(query)).toContain("clients_nombre_fold_idx");
    }
  });

  it("finds clients by name and code through their trigram indexes, never by reading every client", async () => {
    const byName = await clientsPlan({ q: "jimenez" });
    expect(byName).toContain("clients_nombre_search_idx");
    expect(byName).toContain("clients_client_code_trgm_idx");
    expect(byName).not.toMatch(/Seq Scan on clients\b/);
  });

  it("reads the packages of the clients a Paquetes search finds by their client index", async () => {
    const plan = await packagesPlan({ q: "jimenez" });
    expect(plan).toContain("clients_nombre_search_idx");
    expect(plan).toMatch(/client_trackings_client_created_idx|client_trackings_client_code_key/);
    expect(plan).not.toMatch(/Seq Scan on client_trackings\b/);
  });
});
