// POST /api/clients/register through the real app and database: validation, the +506
// normalization, unique codes, the 409 on a repeated number, the welcome message in the outbox,
// referrals, and the abuse limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/app";
import { clients, coupons, notificationOutbox, referrals } from "../../db/schema";
import {
  REGISTER_DIRECCION_SHORT,
  REGISTER_EMAIL_INVALID,
  REGISTER_NOMBRE_SHORT,
  REGISTER_RATE_LIMITED,
  REGISTER_TELEFONO_SHORT,
  REGISTER_WHATSAPP_NOT_CR,
  REGISTER_WHATSAPP_TAKEN,
} from "../../../shared/api/clients";
import { CLIENT_CODE_PATTERN } from "../../../shared/domain/client-code";
import { welcomeMessage } from "../../../shared/domain/messages";
import { registerClient } from "./service";
import { registerTestClient, uniquePhone } from "../../test/clients";
import { CHALLENGE_REQUIRED } from "../../../shared/api/challenge";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "off" } });
});
afterAll(async () => {
  await t?.close();
});

const valid = () => ({
  nombre: "Carlos Jiménez Mora",
  direccion: "San José, Escazú, 300 m oeste de la iglesia",
  telefono: uniquePhone(),
  email: "",
});

async function register(payload: unknown) {
  return t.app.inject({ method: "POST", url: "/api/clients/register", payload: payload as object });
}

describe("POST /api/clients/register", () => {
  it("creates the client with a new EX + 6 code, normalizes the number and answers client.clientCode", async () => {
    const local = uniquePhone();
    const res = await register({ ...valid(), telefono: `+506 ${local.slice(0, 4)}-${local.slice(4)}`, email: "carlos@example.com" });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.client.clientCode).toMatch(CLIENT_CODE_PATTERN);
    expect(body.client.nombre).toBe("Carlos Jiménez Mora");
    expect(body.welcomeCoupon).toBeNull();

    const [row] = await t.ctx.db.select().from(clients).where(eq(clients.clientCode, body.client.clientCode));
    expect(row.telefono).toBe(`+506${local}`);
    expect(row.email).toBe("carlos@example.com");
    expect(row.whatsappEnviado).toBe("PENDIENTE");
  });

  it("queues the welcome WhatsApp message with the client's code, pending for staff", async () => {
    const { clientCode, telefono } = await registerTestClient(t.app, { nombre: "Lucía Vargas" });
    const [client] = await t.ctx.db.select().from(clients).where(eq(clients.clientCode, clientCode));
    const messages = await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.clientId, client.id));
    expect(messages).toHaveLength(1);
    expect(messages[0].kind).toBe("WELCOME");
    expect(messages[0].status).toBe("PENDING");
    expect(messages[0].recipient).toBe(`506${telefono}`);
    expect(messages[0].body).toBe(welcomeMessage({ nombre: "Lucía Vargas", clientCode, brandName: t.config.brand.name }));
    expect(messages[0].body).toContain(clientCode);
  });

  it("gives every client a different code", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await registerTestClient(t.app)).clientCode);
    expect(codes.size).toBe(5);
  });

  it("draws a new code when the first one is taken", async () => {
    const taken = await registerTestClient(t.app);
    const fresh = "EXZZ9Q1W";
    const drawn = [taken.clientCode, fresh];
    const result = await registerClient(
      t.ctx.db,
      { nombre: "Pedro Rojas", direccion: "Alajuela centro, casa 12", telefono: uniquePhone(), email: undefined, referrerCode: undefined },
      { brandName: "Express Import", generateCode: () => drawn.shift() ?? "EXNEVER1" },
    );
    expect(result.client.clientCode).toBe(fresh);
  });

  it("refuses a second registration with the same number (in any writing) with a 409 that reveals no code", async () => {
    const first = await registerTestClient(t.app);
    const again = await register({ ...valid(), telefono: `506${first.telefono}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REGISTER_WHATSAPP_TAKEN);
    expect(again.json().message).toMatch(/WhatsApp/);
    expect(again.body).not.toContain(first.clientCode);
    const rows = await t.ctx.db.select().from(clients).where(eq(clients.telefono, `+506${first.telefono}`));
    expect(rows).toHaveLength(1);
  });

  it("also finds numbers that an import stored in another form", async () => {
    const local = uniquePhone();
    await t.ctx.db.insert(clients).values({
      clientCode: "EXIMP" + local.slice(-3),
      nombre: "Importado",
      direccion: "Heredia centro",
      telefono: `${local.slice(0, 4)}-${local.slice(4)}`,
    });
    const res = await register({ ...valid(), telefono: local });
    expect(res.statusCode).toBe(409);
  });

  it.each([
    [{ nombre: "Al" }, REGISTER_NOMBRE_SHORT],
    [{ nombre: "   Al   " }, REGISTER_NOMBRE_SHORT],
    [{ direccion: "Grecia" }, REGISTER_DIRECCION_SHORT],
    [{ telefono: "8888-777" }, REGISTER_TELEFONO_SHORT],
    [{ telefono: "+1 305 555 0100" }, REGISTER_WHATSAPP_NOT_CR],
    [{ telefono: "abc88887777" }, REGISTER_WHATSAPP_NOT_CR],
    [{ email: "no-es-un-email" }, REGISTER_EMAIL_INVALID],
  ])("answers 400 with the spec's message for %j", async (patch, message) => {
    const res = await register({ ...valid(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("bounds the lengths of every text", async () => {
    expect((await register({ ...valid(), nombre: "N".repeat(121) })).statusCode).toBe(400);
    expect((await register({ ...valid(), direccion: "D".repeat(301) })).statusCode).toBe(400);
    expect((await register({ ...valid(), email: `${"e".repeat(250)}@x.com` })).statusCode).toBe(400);
  });

  it("with a valid referrer code records a REGISTRADO referral and a 5 % welcome coupon for 60 days", async () => {
    const referrer = await registerTestClient(t.app);
    const friend = await registerTestClient(t.app, { referrerCode: referrer.clientCode });
    expect(friend.welcomeCoupon?.discountPercent).toBe(5);

    const [friendRow] = await t.ctx.db.select().from(clients).where(eq(clients.clientCode, friend.clientCode));
    const [referrerRow] = await t.ctx.db.select().from(clients).where(eq(clients.clientCode, referrer.clientCode));
    const [referral] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredClientId, friendRow.id));
    expect(referral.referrerClientId).toBe(referrerRow.id);
    expect(referral.status).toBe("REGISTRADO");
    expect(referral.completedAt).toBeNull();

    const [coupon] = await t.ctx.db.select().from(coupons).where(eq(coupons.clientId, friendRow.id));
    expect(coupon.discountPercent).toBe(5);
    expect(coupon.status).toBe("DISPONIBLE");
    expect(coupon.reason).toBe("BIENVENIDA");
    const days = (coupon.expiresAt.getTime() - coupon.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(60, 5);
  });

  it.each(["EX000000", "ex4k7p2m", "BASURA", "", 12345])(
    "registers normally with an unknown or malformed referrer code (%j)",
    async (referrerCode) => {
      const res = await register({ ...valid(), referrerCode });
      expect(res.statusCode).toBe(201);
      expect(res.json().welcomeCoupon).toBeNull();
      const [row] = await t.ctx.db.select().from(clients).where(eq(clients.clientCode, res.json().client.clientCode));
      const linked = await t.ctx.db.select().from(referrals).where(eq(referrals.referredClientId, row.id));
      expect(linked).toHaveLength(0);
      const own = await t.ctx.db.select().from(coupons).where(and(eq(coupons.clientId, row.id)));
      expect(own).toHaveLength(0);
    },
  );
});

describe("registration abuse limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT: "on" } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("allows 5 registrations an hour from one address, then asks for a solved challenge in Spanish; others are not affected", async () => {
    const from = (remoteAddress: string) =>
      limited.app.inject({ method: "POST", url: "/api/clients/register", payload: valid(), remoteAddress });
    for (let i = 0; i < 5; i++) expect((await from("10.0.0.7")).statusCode).toBe(201);
    // A shared address (carrier NAT) is not locked out: the next one needs a challenge (decision 109).
    const asked = await from("10.0.0.7");
    expect(asked.statusCode).toBe(428);
    expect(asked.json()).toMatchObject({ code: "CHALLENGE_REQUIRED", message: CHALLENGE_REQUIRED, challengeUrl: "/api/challenge?price=1" });
    expect((await from("10.0.0.8")).statusCode).toBe(201);
  });

  it("answers 429 past the hard ceiling", async () => {
    const ceiling = await createTestApp({ env: { RATE_LIMIT: "on", RATE_LIMITS: '{"registration":{"limit":2}}' } });
    try {
      const from = () => ceiling.app.inject({ method: "POST", url: "/api/clients/register", payload: valid(), remoteAddress: "10.0.0.9" });
      expect((await from()).statusCode).toBe(201);
      expect((await from()).statusCode).toBe(201);
      const refused = await from();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(REGISTER_RATE_LIMITED);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await ceiling.close();
    }
  });
});

describe("registration as a code oracle", () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await createTestApp({
      env: { RATE_LIMIT: "on", RATE_LIMITS: '{"codeMisses":{"challengeAfter":2},"registration":{"limit":100}}' },
    });
  });
  afterAll(async () => {
    await guarded?.close();
  });
  const from = (remoteAddress: string, payload: object) =>
    guarded.app.inject({ method: "POST", url: "/api/clients/register", payload: { ...valid(), ...payload }, remoteAddress });
  const lookup = (remoteAddress: string) =>
    guarded.app.inject({ method: "GET", url: "/api/coupons/EXNADA99", remoteAddress });

  it("counts a referrer code that earned no coupon as a miss, and a right one not", async () => {
    const referrer = await registerTestClient(guarded.app);
    // Right referrer codes and plain registrations spend nothing.
    for (let i = 0; i < 3; i++) {
      const res = await from("10.0.9.1", i === 0 ? { referrerCode: referrer.clientCode } : {});
      expect(res.statusCode).toBe(201);
    }
    expect((await from("10.0.9.1", { referrerCode: "EXNOHAY1" })).json().welcomeCoupon).toBeNull();
    expect((await from("10.0.9.1", { referrerCode: "EXNOHAY2" })).statusCode).toBe(201);
    // Past the free misses both ask for a challenge (never a refusal, decision 144).
    expect((await from("10.0.9.1", { referrerCode: referrer.clientCode })).statusCode).toBe(428);
    expect((await lookup("10.0.9.1")).statusCode).toBe(428);
  });

  it("counts a registered number (409) as a miss", async () => {
    const taken = await registerTestClient(guarded.app);
    for (let i = 0; i < 2; i++) expect((await from("10.0.9.2", { telefono: taken.telefono })).statusCode).toBe(409);
    const asked = await from("10.0.9.2", {});
    expect(asked.statusCode).toBe(428);
    expect(asked.json().code).toBe("CHALLENGE_REQUIRED");
  });
});
