import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_CODE_PATTERN } from "../../shared/domain/client-code";
import { COUPON_STATUSES, TRACKING_STATUSES } from "../../shared/domain/statuses";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { CARRIER_FORMATS } from "./data";
import { seedDatabase, type SeedCounts } from "./seed";
import { SEED_PAYMENT_RECORDER } from "./plan";

const now = new Date("2026-03-15T15:00:00Z");
const options = { clients: 50, trackings: 300, seed: 1, now };
let database: TestDatabase;
let counts: SeedCounts;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const firstClients = () => rows<{ client_code: string; nombre: string; telefono: string }>(sql`select client_code, nombre, telefono from clients order by id limit 5`);
const firstCodes = () => rows<{ tracking_code: string }>(sql`select tracking_code from client_trackings order by id limit 20`);

beforeAll(async () => {
  // The run's migrated template (PGlite, or PostgreSQL on that pass) rather than initdb and every migration here.
  database = await createTestDatabase();
  counts = await seedDatabase(database.db, options);
});

afterAll(async () => {
  await database?.close();
});

describe("seedDatabase", () => {
  it("reports what it wrote", async () => {
    const [row] = await rows<Record<string, number>>(sql`select
      (select count(*)::int from clients) as clients,
      (select count(*)::int from client_trackings) as trackings,
      (select count(*)::int from tracking_status_history) as history,
      (select count(*)::int from referrals) as referrals,
      (select count(*)::int from coupons) as coupons,
      (select count(*)::int from parts_searches) as parts,
      (select count(*)::int from contact_messages) as contact,
      (select count(*)::int from whatsapp_customers) as customers,
      (select count(*)::int from whatsapp_tracking_entries) as entries,
      (select count(*)::int from tracking_notices) as notices`);
    expect(row).toEqual({
      clients: 50,
      trackings: 300,
      history: counts.statusHistory,
      referrals: counts.referrals,
      coupons: counts.coupons,
      parts: counts.partsSearches,
      contact: counts.contactMessages,
      customers: counts.whatsappCustomers,
      entries: counts.whatsappEntries,
      notices: counts.trackingNotices,
    });
    expect(counts.statusHistory).toBeGreaterThan(300);
    expect(counts.referrals).toBeGreaterThan(0);
    expect(counts.contactMessages).toBeGreaterThanOrEqual(5);
  });

  it("stores codes, phones and tracking numbers in their formats", async () => {
    for (const c of await rows<{ client_code: string; telefono: string }>(sql`select client_code, telefono from clients`)) {
      expect(c.client_code).toMatch(CLIENT_CODE_PATTERN);
      expect(c.telefono).toMatch(/^\+506[678]\d{7}$/);
    }
    const byName = new Map<string, (typeof CARRIER_FORMATS)[keyof typeof CARRIER_FORMATS]>(
      Object.values(CARRIER_FORMATS).map((c) => [c.name, c]),
    );
    for (const t of await rows<{ tracking_code: string; carrier: string; origen: string }>(
      sql`select tracking_code, carrier, origen from client_trackings`,
    )) {
      const carrier = byName.get(t.carrier);
      expect(carrier, t.carrier).toBeDefined();
      expect(t.tracking_code).toMatch(carrier!.pattern);
      if (carrier!.origin) expect(t.origen).toBe(carrier!.origin);
    }
  });

  it("gives each package a history from creation to its current status", async () => {
    const history = await rows<{
      tracking_id: number;
      previous_status: string | null;
      new_status: string;
      changed_at: string | Date;
      changed_by: string;
    }>(sql`select tracking_id, previous_status, new_status, changed_at, changed_by from tracking_status_history order by tracking_id, changed_at, id`);
    const trackings = await rows<{ id: number; estado: string; last_status_change_date: string | Date; updated_at: string | Date; created_at: string | Date }>(
      sql`select id, estado, last_status_change_date, updated_at, created_at from client_trackings`,
    );
    const byTracking = new Map<number, typeof history>();
    for (const h of history) byTracking.set(h.tracking_id, [...(byTracking.get(h.tracking_id) ?? []), h]);
    const time = (v: string | Date) => new Date(v).getTime();
    for (const t of trackings) {
      const rowsOf = byTracking.get(t.id)!;
      expect(rowsOf[0].previous_status).toBeNull();
      expect(rowsOf[0].new_status).toBe("SEGUIMIENTO_INTERNACIONAL");
      expect(["admin", "cliente"]).toContain(rowsOf[0].changed_by);
      expect(time(rowsOf[0].changed_at)).toBe(time(t.created_at));
      for (let i = 1; i < rowsOf.length; i++) {
        expect(rowsOf[i].previous_status).toBe(rowsOf[i - 1].new_status);
        expect(TRACKING_STATUSES.indexOf(rowsOf[i].new_status as never)).toBeGreaterThan(
          TRACKING_STATUSES.indexOf(rowsOf[i - 1].new_status as never),
        );
        expect(time(rowsOf[i].changed_at)).toBeGreaterThan(time(rowsOf[i - 1].changed_at));
        expect(rowsOf[i].changed_by).toBe("admin");
      }
      const last = rowsOf[rowsOf.length - 1];
      expect(last.new_status).toBe(t.estado);
      expect(time(t.last_status_change_date)).toBe(time(last.changed_at));
      expect(time(t.updated_at)).toBe(time(last.changed_at));
      expect(time(t.updated_at)).toBeLessThanOrEqual(now.getTime());
    }
  });

  it("links used coupons and the packages they discounted both ways", async () => {
    const coupons = await rows<{ id: number; client_id: number; status: string; used_at: unknown; used_on_tracking_id: number | null; discount_percent: number }>(
      sql`select id, client_id, status, used_at, used_on_tracking_id, discount_percent from coupons`,
    );
    for (const c of coupons) {
      expect(COUPON_STATUSES).toContain(c.status);
      expect(c.used_at !== null).toBe(c.status === "USADO");
    }
    const linked = await rows<{ ok: boolean }>(sql`
      select t.client_id = c.client_id and t.coupon_id = c.id and t.discount_percent = c.discount_percent as ok
        from coupons c join client_trackings t on t.id = c.used_on_tracking_id`);
    expect(linked.length).toBe(coupons.filter((c) => c.status === "USADO").length);
    for (const l of linked) expect(l.ok).toBe(true);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from client_trackings where coupon_id is not null`);
    expect(n).toBe(linked.length);
  });

  it("keeps every package's paid amount and extra charges equal to its payments and lines", async () => {
    const mismatched = await rows<{ id: number }>(sql`
      select t.id from client_trackings t
       where t.pagado_colones <> coalesce((select sum(a.amount_colones) from payment_allocations a join payments p on p.id = a.payment_id
                                            where a.tracking_id = t.id and p.reversed_at is null), 0)
          or t.cargos_extra_colones <> coalesce((select sum(l.amount_colones) from package_charges l where l.tracking_id = t.id), 0)
          or t.pagado_colones > coalesce(t.total_colones, 0)`);
    expect(mismatched).toEqual([]);
    const unbalanced = await rows<{ id: number }>(sql`
      select p.id from payments p
       where p.amount_colones <> (select sum(a.amount_colones) from payment_allocations a where a.payment_id = p.id)
          or p.paid_at > ${now.toISOString()}::timestamptz or p.recorded_by_name <> ${SEED_PAYMENT_RECORDER}
          or p.client_id <> all (select t.client_id from payment_allocations a join client_trackings t on t.id = a.tracking_id where a.payment_id = p.id)`);
    expect(unbalanced).toEqual([]);
  });

  it("pays most delivered packages in full, some partly, some not, by mixed methods with unique SINPE references", async () => {
    const [mix] = await rows<Record<string, number>>(sql`select
      count(*) filter (where estado = 'ENTREGADO' and total_colones > 0 and saldo_colones = 0)::int as delivered_paid,
      count(*) filter (where estado = 'ENTREGADO' and total_colones > 0)::int as delivered,
      count(*) filter (where total_colones > 0 and pagado_colones > 0 and saldo_colones > 0)::int as partial,
      count(*) filter (where cobrable_at is not null and total_colones > 0 and pagado_colones = 0)::int as unpaid,
      count(*) filter (where cargos_extra_colones > 0)::int as with_lines
      from client_trackings`);
    expect(mix.delivered_paid / mix.delivered).toBeGreaterThan(0.7);
    expect(mix.partial).toBeGreaterThan(0);
    expect(mix.unpaid).toBeGreaterThan(0);
    expect(mix.with_lines).toBeGreaterThan(0);
    const methods = await rows<{ method: string }>(sql`select distinct method from payments`);
    expect(methods.length).toBeGreaterThanOrEqual(3);
    const [{ sinpe, refs }] = await rows<{ sinpe: number; refs: number }>(sql`
      select count(*)::int as sinpe, count(distinct upper(reference))::int as refs from payments where method = 'SINPE_MOVIL'`);
    expect(sinpe).toBeGreaterThan(0);
    expect(refs).toBe(sinpe);
    // Collectable from the first time a package reached Listo para entregar or Entregado.
    const wrong = await rows<{ id: number }>(sql`
      select t.id from client_trackings t
       where t.cobrable_at is distinct from (select min(h.changed_at) from tracking_status_history h
                                              where h.tracking_id = t.id and h.new_status in ('LISTO_PARA_ENTREGAR', 'ENTREGADO'))`);
    expect(wrong).toEqual([]);
    // A receipt number continues after the seeded ones.
    const [{ next }] = await rows<{ next: number }>(sql`select nextval(pg_get_serial_sequence('payments', 'id'))::int as next`);
    const [{ max }] = await rows<{ max: number }>(sql`select max(id)::int as max from payments`);
    expect(next).toBe(max + 1);
  });

  it("keeps search counters equal to this month's searches", async () => {
    const mismatched = await rows<{ id: number }>(sql`
      select c.id from clients c
       where c.search_count <> (select count(*) from parts_searches p
                                  where p.client_id = c.id and p.created_at >= c.last_reset_date::timestamp at time zone 'America/Costa_Rica')
          or (c.unlimited_access = 0 and c.search_count > c.search_limit)`);
    expect(mismatched).toEqual([]);
  });

  it("refuses to seed a database that already has clients", async () => {
    await expect(seedDatabase(database.db, options)).rejects.toThrow(/ya tiene datos \(50 clientes.*--reset/);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from clients`);
    expect(n).toBe(50);
  });

  it("gives the same data again after --reset with the same seed, and other data with another seed", async () => {
    const clientsBefore = await firstClients();
    const codesBefore = await firstCodes();
    await seedDatabase(database.db, { ...options, reset: true });
    expect(await firstClients()).toEqual(clientsBefore);
    expect(await firstCodes()).toEqual(codesBefore);
    const [{ min }] = await rows<{ min: number }>(sql`select min(id)::int as min from clients`);
    expect(min).toBe(1); // identities restarted

    await seedDatabase(database.db, { ...options, seed: 2, reset: true });
    expect((await firstClients()).map((c) => c.client_code)).not.toEqual(clientsBefore.map((c) => c.client_code));
    await seedDatabase(database.db, { ...options, reset: true });
  });

  it("without a seed, draws other client codes on every run and keeps the rest of the data", async () => {
    const runs: { client_code: string; nombre: string; telefono: string }[][] = [];
    for (let i = 0; i < 2; i++) {
      await seedDatabase(database.db, { clients: 50, trackings: 300, now, reset: true });
      runs.push(await rows(sql`select client_code, nombre, telefono from clients order by id`));
    }
    const [a, b] = runs;
    for (const c of [...a, ...b]) expect(c.client_code).toMatch(CLIENT_CODE_PATTERN);
    const shared = a.filter((c) => b.some((d) => d.client_code === c.client_code));
    expect(shared).toEqual([]);
    const data = (list: typeof a) => list.map(({ nombre, telefono }) => ({ nombre, telefono }));
    expect(data(a)).toEqual(data(b));
    // The same data as seed 1, codes apart.
    await seedDatabase(database.db, { ...options, reset: true });
    expect(data(await rows(sql`select client_code, nombre, telefono from clients order by id`))).toEqual(data(a));
  });

  it("rejects impossible counts before touching the database", async () => {
    await expect(seedDatabase(database.db, { clients: -1, trackings: 0, reset: true })).rejects.toThrow(/entero/);
    await expect(seedDatabase(database.db, { clients: 0, trackings: 5, reset: true })).rejects.toThrow(/sin clientes/);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from clients`);
    expect(n).toBe(50);
  });
});
