// A shipment's move in slices (docs/decisions/141), on the service with slices of two packages:
// every package moves, with one message each and one embarque.estado record; a failure in a
// later slice keeps the earlier slices moved, and the same move again finishes the rest.
import { describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { useTestApp } from "../../test/app";
import { TEST_ADMIN_ACTOR } from "../../test/actors";
import { addReceivedPackages, addTestShipment } from "../../test/shipments";
import { auditLog, clientTrackings, notificationOutbox } from "../../db/schema";
import { moveShipment } from "./service";

const t = useTestApp();
const options = { actor: TEST_ADMIN_ACTOR, brandName: "Express Import", sliceSize: 2 };

async function closedShipment(packages: number) {
  const ids = (await addReceivedPackages(t.ctx.db, packages)).map((p) => p.id);
  const shipment = await addTestShipment(t.ctx.db, { estado: "CERRADO", trackingIds: ids });
  return { ids, shipment };
}
const statuses = async (ids: number[]) =>
  (await t.ctx.db.select({ id: clientTrackings.id, estado: clientTrackings.estado }).from(clientTrackings).where(inArray(clientTrackings.id, ids)).orderBy(clientTrackings.id)).map((r) => r.estado);
const messages = async (ids: number[]) => (await t.ctx.db.select().from(notificationOutbox).where(inArray(notificationOutbox.trackingId, ids))).length;
const records = (id: number) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "embarque.estado"), eq(auditLog.entityId, String(id)))).orderBy(auditLog.id);

describe("a shipment's move in slices", () => {
  it("moves every package across the slices, one message each, one record", async () => {
    const { ids, shipment } = await closedShipment(5);
    const answer = await moveShipment(t.ctx.db, shipment.id, "EN_ADUANAS", options);
    expect(answer).toMatchObject({ moved: 5, unchanged: 0 });
    expect(await statuses(ids)).toEqual(Array(5).fill("EN_ADUANAS"));
    expect(await messages(ids)).toBe(5);
    const logged = await records(shipment.id);
    expect(logged).toHaveLength(1);
    expect(logged[0].after).toMatchObject({ movidos: 5, sinCambio: 0 });
  });

  it("a failure in a later slice keeps the earlier slices moved; the same move again finishes", async () => {
    const { ids, shipment } = await closedShipment(5);
    // The fourth package (second slice) cannot be moved.
    await t.ctx.db.execute(sql`
      create or replace function move_slice_fail() returns trigger language plpgsql as $$
      begin
        if new.id = ${sql.raw(String(ids[3]))} and new.estado = 'EN_ADUANAS' then raise exception 'fallo simulado'; end if;
        return new;
      end $$`);
    await t.ctx.db.execute(sql`create trigger move_slice_fail before update on client_trackings for each row execute function move_slice_fail()`);
    try {
      await expect(moveShipment(t.ctx.db, shipment.id, "EN_ADUANAS", options)).rejects.toThrow();
    } finally {
      await t.ctx.db.execute(sql`drop trigger if exists move_slice_fail on client_trackings`);
      await t.ctx.db.execute(sql`drop function if exists move_slice_fail()`);
    }
    expect(await statuses(ids)).toEqual(["EN_ADUANAS", "EN_ADUANAS", "EN_BODEGA_MIAMI", "EN_BODEGA_MIAMI", "EN_BODEGA_MIAMI"]);
    expect(await messages(ids)).toBe(2);
    expect((await records(shipment.id)).map((r) => r.summary)).toEqual([expect.stringContaining("interrumpido: 2 de 5 paquetes")]);

    const again = await moveShipment(t.ctx.db, shipment.id, "EN_ADUANAS", options);
    expect(again).toMatchObject({ moved: 3, unchanged: 2 });
    expect(await statuses(ids)).toEqual(Array(5).fill("EN_ADUANAS"));
    expect(await messages(ids)).toBe(5);
    expect(again.shipment.nextMove).toBe("EN_BODEGA_CR");
  });
});
