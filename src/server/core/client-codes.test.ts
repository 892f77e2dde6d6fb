// The two codes a client holds (issue 17 items 8 and 9, decisions 107 and 108), through the real
// app and database: look-alikes typed for an issued code, codes of the old alphabet, the
// referral code of the share link, and the fill that gives one to every client.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/app";
import { clients, coupons, referrals } from "../db/schema";
import { CLIENT_CODE_PATTERN } from "../../shared/domain/client-code";
import { registerTestClient, uniquePhone } from "../test/clients";
import { registerClient } from "../modules/clients/service";
import { fillReferralCodes } from "./client-codes";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "off" } });
});
afterAll(async () => {
  await t?.close();
});

/** A client written straight in, as the old system's import left them (no look-alike flag, no referral code). */
async function insertClient(clientCode: string, extra: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(clients)
    .values({ clientCode, nombre: `Cliente ${clientCode}`, direccion: "Grecia centro", telefono: uniquePhone(), ...extra })
    .returning({ id: clients.id });
  return row.id;
}

const lookup = (code: string) => t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${encodeURIComponent(code)}` });

/** Every public route that takes a typed client code, as one request each. */
function everyLookup(code: string) {
  return [
    () => lookup(code),
    () => t.app.inject({ method: "GET", url: `/api/coupons/${code}` }),
    () => t.app.inject({ method: "GET", url: `/api/referrals/${code}` }),
    () => t.app.inject({ method: "GET", url: `/api/clients/verify/${code}` }),
  ];
}

describe("codes typed with look-alikes (item 8)", () => {
  it("a client of the old alphabet with O and 0 in the code still looks up, typed exactly", async () => {
    await insertClient("EXO0QOD0");
    for (const call of everyLookup("EXO0QOD0")) expect((await call()).statusCode).toBe(200);
    expect((await lookup("exo0qod0")).json().client.clientCode).toBe("EXO0QOD0");
  });

  it("a new client who types O for 0, I or L for 1, Z for 2, S for 5 or B for 8 finds the code", async () => {
    await insertClient("EX3T082K", { codeLookalikeFree: true });
    await insertClient("EX015847", { codeLookalikeFree: true });
    for (const call of everyLookup("EX3TO8ZK")) expect((await call()).statusCode).toBe(200);
    expect((await lookup("ex3to8zk")).json().client.clientCode).toBe("EX3T082K");
    expect((await lookup("EXOIS847")).json().client.clientCode).toBe("EX015847");
    expect((await lookup("EXOLSB47")).json().client.clientCode).toBe("EX015847");
  });

  it("a pre-alert sent with a look-alike lands on the client the code names", async () => {
    const id = await insertClient("EX7A0C5D", { codeLookalikeFree: true });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/clients/trackings",
      payload: { clientCode: "EX7AOC5D", trackingCode: "1ZLOOKALIKE0001", origen: "USA", formaEnvio: "AVION" },
    });
    expect(res.statusCode).toBe(201);
    const mine = await t.ctx.db.execute(sql`select count(*)::int as n from client_trackings where client_id = ${id}`);
    expect(JSON.stringify(mine)).toContain('"n":1');
  });

  it("the reading never reaches a code of the old alphabet: one request tests no more codes than before", async () => {
    // EX7777OO reads EX777700; a client of the old system holding EX777700 is reached only by typing it.
    await insertClient("EX777700");
    for (const call of everyLookup("EX7777OO")) expect((await call()).statusCode).toBe(404);
    expect((await lookup("EX777700")).statusCode).toBe(200);
  });

  it("the code as typed wins over its reading", async () => {
    await insertClient("EXQOQ1QO");
    await insertClient("EXQ0Q1Q0", { codeLookalikeFree: true });
    expect((await lookup("EXQOQ1QO")).json().client.clientCode).toBe("EXQOQ1QO");
    expect((await lookup("EXQ0Q1Q0")).json().client.clientCode).toBe("EXQ0Q1Q0");
    expect((await lookup("EXQOQIQO")).json().client.clientCode).toBe("EXQ0Q1Q0");
  });

  it("registration never issues the reading of a stored code, nor anyone's referral code", async () => {
    await insertClient("EXAOAOAO");
    await insertClient("EXR3F3R3", { referralCode: "EXCCCC77" });
    const drawn = ["EXA0A0A0", "EXCCCC77", "EXR3F3R3", "EXFRESH9", "EXFRESH8"];
    const result = await registerClient(
      t.ctx.db,
      { nombre: "Pedro Rojas", direccion: "Alajuela centro, casa 12", telefono: uniquePhone(), email: undefined, referrerCode: undefined },
      { brandName: "Express Import", generateCode: () => drawn.shift() ?? "EXNEVER1" },
    );
    expect(result.client.clientCode).toBe("EXFRESH9");
    const [row] = await t.ctx.db.select().from(clients).where(eq(clients.clientCode, "EXFRESH9"));
    expect(row.referralCode).toBe("EXFRESH8");
    expect(row.codeLookalikeFree).toBe(true);
  });
});

describe("referral codes (item 9)", () => {
  it("each registered client gets a referral code of the same shape, different from every client code", async () => {
    const a = await registerTestClient(t.app);
    const body = (await lookup(a.clientCode)).json();
    expect(body.client.referralCode).toMatch(CLIENT_CODE_PATTERN);
    expect(body.client.referralCode).not.toBe(a.clientCode);
    // The referral code, typed where a client code goes, opens nothing.
    for (const call of everyLookup(body.client.referralCode)) expect((await call()).statusCode).toBe(404);
  });

  it("a registration with the referral code credits the referrer", async () => {
    const referrer = await registerTestClient(t.app, { nombre: "Marta Quesada" });
    const { referralCode } = (await lookup(referrer.clientCode)).json().client;
    const friend = await registerTestClient(t.app, { nombre: "Luis Arce", referrerCode: referralCode });
    expect(friend.welcomeCoupon?.discountPercent).toBe(5);
    const made = (await t.app.inject({ method: "GET", url: `/api/referrals/${referrer.clientCode}` })).json().referrals;
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: "REGISTRADO", referredClientName: "Luis A." });
  });

  it("an old link with the client code still credits the referrer", async () => {
    const referrer = await registerTestClient(t.app);
    const friend = await registerTestClient(t.app, { referrerCode: referrer.clientCode });
    expect(friend.welcomeCoupon?.discountPercent).toBe(5);
    const [friendRow] = await t.ctx.db.select().from(clients).where(eq(clients.clientCode, friend.clientCode));
    const [referral] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredClientId, friendRow.id));
    const [referrerRow] = await t.ctx.db.select().from(clients).where(eq(clients.clientCode, referrer.clientCode));
    expect(referral.referrerClientId).toBe(referrerRow.id);
    expect(await t.ctx.db.select().from(coupons).where(eq(coupons.clientId, friendRow.id))).toHaveLength(1);
  });

  it("the fill gives every client without one a unique referral code, and redraws one that became a client code", async () => {
    const ids = [await insertClient("EXFILL01"), await insertClient("EXFILL02"), await insertClient("EXFIL")];
    // An import brought EXFILL03, the referral code someone already had.
    ids.push(await insertClient("EXFILL04", { referralCode: "EXFILL03" }));
    await insertClient("EXFILL03");
    expect(await fillReferralCodes(t.ctx.db)).toBeGreaterThanOrEqual(4);
    const rows = await t.ctx.db.select().from(clients).where(inArray(clients.id, ids));
    const all = await t.ctx.db.select({ clientCode: clients.clientCode, referralCode: clients.referralCode }).from(clients);
    const clientCodes = new Set(all.map((r) => r.clientCode));
    for (const row of rows) {
      expect(row.referralCode).toMatch(CLIENT_CODE_PATTERN);
      expect(clientCodes.has(row.referralCode!)).toBe(false);
    }
    expect(new Set(all.map((r) => r.referralCode)).size).toBe(all.length);
    expect(await fillReferralCodes(t.ctx.db)).toBe(0);
  });
});
