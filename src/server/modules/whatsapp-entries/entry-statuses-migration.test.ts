// Migration 0019 (issue 32 item 4, docs/decisions/157): the WhatsApp entries take the package
// codes for the steps they share (RECIBIDO_MIAMI → EN_BODEGA_MIAMI, ADUANAS_CR → EN_ADUANAS,
// LISTO_ENTREGA → LISTO_PARA_ENTREGAR). Every entry and every message of an entry is kept, the
// messages' texts stay as they were sent, and the check refuses the old codes afterwards.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LEGACY_WHATSAPP_ENTRY_STATUSES } from "../../../shared/domain/statuses";
import { templateParametersOf } from "../../core/outbox";

describe("the entry-statuses migration", () => {
  it("rewrites the entries and their messages' codes, keeping every row and every text", { timeout: 120_000 }, async () => {
    // A fresh embedded database migrated up to the one before, given entries, then migrated to the end.
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const { migrationsFolder } = await import("../../db/client");
    const { createEmptyPglite } = await import("../../test/database");
    const folder = await mkdtemp(path.join(tmpdir(), "ei-migrations-"));
    // An empty cluster (initdb's), loaded from the run's copy.
    const client = await createEmptyPglite();
    try {
      await cp(migrationsFolder, folder, { recursive: true });
      const journalFile = path.join(folder, "meta", "_journal.json");
      const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
      // Found by name: the number may change when branches merge.
      const upTo = journal.entries.findIndex((e) => e.tag.endsWith("_entry-statuses-shared"));
      expect(upTo).toBeGreaterThan(0);
      await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: folder });

      await client.exec(`
        insert into whatsapp_customers (id, whatsapp, nombre) values (1, '+50688887777', 'Ana');
        insert into whatsapp_tracking_entries (id, customer_id, tracking_code, estado, updated_at) values
          (1, 1, 'A1', 'RECIBIDO_MIAMI', '2026-01-02T10:00:00Z'),
          (2, 1, 'A2', 'ADUANAS_CR', '2026-01-03T10:00:00Z'),
          (3, 1, 'A3', 'LISTO_ENTREGA', '2026-01-04T10:00:00Z'),
          (4, 1, 'A4', 'EN_TRANSITO', '2026-01-05T10:00:00Z'),
          (5, 1, 'A5', 'EN_BODEGA_CR', '2026-01-06T10:00:00Z');
        insert into notification_outbox (id, kind, recipient, whatsapp_entry_id, payload, body, status) values
          (1, 'WHATSAPP_ENTRY_STATUS', '50688887777', 3, '{"nombre":"Ana","trackingCode":"A3","estado":"RECIBIDO_MIAMI"}', 'Estado: Recibido en Miami', 'SENT'),
          (2, 'WHATSAPP_ENTRY_STATUS', '50688887777', 3, '{"nombre":"Ana","trackingCode":"A3","estado":"ADUANAS_CR"}', 'Estado: En aduanas CR', 'SENT'),
          (3, 'WHATSAPP_ENTRY_STATUS', '50688887777', 3, '{"nombre":"Ana","trackingCode":"A3","estado":"LISTO_ENTREGA"}', 'Estado: Listo para entrega', 'PENDING'),
          (4, 'WHATSAPP_ENTRY_STATUS', '50688887777', 4, '{"nombre":"Ana","trackingCode":"A4","estado":"EN_TRANSITO"}', 'Estado: En tránsito', 'SENT'),
          (5, 'TRACKING_STATUS', '50688887777', null, '{"nombre":"Ana","trackingCode":"T1","estado":"EN_BODEGA_MIAMI"}', 'Estado: En bodega Miami', 'SENT');`);

      await migrate(db, { migrationsFolder });

      const entries = (await client.query<{ id: number; estado: string; updated_at: Date }>("select id, estado, updated_at from whatsapp_tracking_entries order by id")).rows;
      expect(entries.map((e) => [e.id, e.estado])).toEqual([
        [1, "EN_BODEGA_MIAMI"],
        [2, "EN_ADUANAS"],
        [3, "LISTO_PARA_ENTREGAR"],
        [4, "EN_TRANSITO"],
        [5, "EN_BODEGA_CR"],
      ]);
      // The rewrite is not a change staff made: the entries' dates stay.
      expect(new Date(entries[2].updated_at).toISOString()).toBe("2026-01-04T10:00:00.000Z");

      const messages = (await client.query<{ id: number; kind: string; payload: Record<string, unknown>; body: string; status: string }>(
        "select id, kind, payload, body, status from notification_outbox order by id",
      )).rows;
      // Every message kept, in order, with the text it was sent with; only the entries' codes changed.
      expect(messages.map((m) => [m.id, m.payload.estado, m.body, m.status])).toEqual([
        [1, "EN_BODEGA_MIAMI", "Estado: Recibido en Miami", "SENT"],
        [2, "EN_ADUANAS", "Estado: En aduanas CR", "SENT"],
        [3, "LISTO_PARA_ENTREGAR", "Estado: Listo para entrega", "PENDING"],
        [4, "EN_TRANSITO", "Estado: En tránsito", "SENT"],
        [5, "EN_BODEGA_MIAMI", "Estado: En bodega Miami", "SENT"],
      ]);
      expect(messages[0].payload).toEqual({ nombre: "Ana", trackingCode: "A3", estado: "EN_BODEGA_MIAMI" });
      // A message still waiting is sent with the shared words.
      expect(templateParametersOf(messages[2])).toEqual(["Ana", "A3", "Listo para entregar"]);

      // The old codes are refused from now on, the new ones fit (LISTO_PARA_ENTREGAR: 19 characters).
      for (const old of Object.keys(LEGACY_WHATSAPP_ENTRY_STATUSES)) {
        await expect(client.query(`update whatsapp_tracking_entries set estado = '${old}' where id = 4`)).rejects.toThrow(/whatsapp_entries_estado_check/);
      }
      await client.query("update whatsapp_tracking_entries set estado = 'LISTO_PARA_ENTREGAR' where id = 4");
    } finally {
      await client.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
