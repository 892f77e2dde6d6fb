// A protected account (issue 36 item 3; docs/decisions/216, 217), through the HTTP API with the
// WhatsApp stand-in on 127.0.0.1: the code goes out in Meta's authentication template (valid by
// Meta's schema), the right code signs in and protects, wrong and expired codes are refused, the
// attempt and send limits never let a stranger lock the owner out, the bare code of a protected
// account opens only the statuses on every portal route of the route table, an unprotected one
// opens as before, and the office's recovery is role-checked and audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { createTestApp, type TestApp } from "../../test/app";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { createTestStaff } from "../../test/staff";
import { createFingerprinter } from "../../test/db-fingerprint";
import { startFakeGraphApi, fakeGraphEnv, type FakeGraphApi } from "../../test/fakes/graph-api";
import { metaTemplateMessageProblems } from "../../test/meta-schemas";
import { auditLog, clients, clientSessions, clientSignInCodes } from "../../db/schema";
import {
  SIGN_IN_CODE_EXPIRED,
  SIGN_IN_CODE_USED_UP,
  SIGN_IN_CODE_WRONG,
  SIGN_IN_REQUIRED,
  SIGN_IN_REQUIRED_CODE,
  SIGN_IN_SEND_CAP,
} from "../../../shared/api/client-access";
import { ROLE_FORBIDDEN } from "../../../shared/api/admin/staff";
import { CODE_MAX_ATTEMPTS, STRANGER_SENDS_PER_DAY } from "./service";

let t: TestApp;
let fake: FakeGraphApi;

beforeAll(async () => {
  fake = await startFakeGraphApi();
  fake.setAutoStatuses([]);
  t = await createTestApp({ env: { ...fakeGraphEnv(fake), RATE_LIMIT: "off", TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A browser: keeps the cookies the app sets and sends them back. */
class Browser {
  readonly jar = new Map<string, string>();
  setCookies: string[] = [];
  async call(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await t.app.inject({ method, url, payload: payload as object | undefined, headers: { ...(cookie ? { cookie } : {}), ...headers } });
    const set = res.headers["set-cookie"];
    this.setCookies = set === undefined ? [] : [set].flat();
    for (const line of this.setCookies) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (attributes.some((a) => /max-age=0$/i.test(a.trim())) || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }
}

/** The code the stand-in received last for this number (body parameter and copy-code button). */
function lastCodeTo(telefono: string): string {
  const to = `506${telefono.replace(/\D/g, "").slice(-8)}`;
  const sent = fake.accepted.filter((r) => r.body.to === to).at(-1);
  if (!sent) throw new Error(`no code sent to ${to}`);
  const body = sent.body.template?.components?.find((c) => c.type === "body")?.parameters?.[0]?.text;
  if (!body) throw new Error("no code in the body");
  return body;
}

const sentTo = (telefono: string) => fake.accepted.filter((r) => r.body.to === `506${telefono.replace(/\D/g, "").slice(-8)}`).length;

/** Moves this client's codes back in time (the resend cooldown is a minute; the test does not wait it out). */
async function ageCodes(clientId: number, ms: number) {
  await t.ctx.db
    .update(clientSignInCodes)
    .set({ createdAt: sql`${clientSignInCodes.createdAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(clientSignInCodes.clientId, clientId));
}

async function newClient() {
  const client = await registerTestClient(t.app);
  const id = await clientIdOf(t.ctx.db, client.clientCode);
  const pkg = await addTestPackage(t.ctx.db, id, `PROT${client.clientCode}`);
  return { ...client, id, packageId: pkg.id };
}

/** A client that protected its account from `owner` (signed in there). */
async function protectedClient(owner = new Browser()) {
  const client = await newClient();
  expect((await owner.call("POST", "/api/cuenta/codigo", { clientCode: client.clientCode })).statusCode).toBe(200);
  const res = await owner.call("POST", "/api/cuenta/ingresar", { clientCode: client.clientCode, codigo: lastCodeTo(client.telefono) });
  expect(res.statusCode, res.body).toBe(200);
  // Protected yesterday: the day's sends start from none.
  await ageCodes(client.id, 25 * 3_600_000);
  return { ...client, owner };
}

describe("the sign-in code by WhatsApp", () => {
  it("goes to the client's number in Meta's authentication template, valid by Meta's schema, the code in the body and the copy-code button", async () => {
    const client = await newClient();
    const browser = new Browser();
    const res = await browser.call("POST", "/api/cuenta/codigo", { clientCode: client.clientCode });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ enviadoA: `•••• ${client.telefono.slice(-4)}`, venceEnSegundos: 600, reenviarEnSegundos: 60 });
    const sent = fake.accepted.at(-1)!;
    expect(sent.path).toBe(`/v25.0/${fake.phoneNumberId}/messages`);
    expect(sent.authorization).toBe(`Bearer ${fake.token}`);
    expect(metaTemplateMessageProblems(sent.body)).toEqual([]);
    expect(sent.body).toMatchObject({ to: `506${client.telefono}`, type: "template", template: { name: "codigo_acceso", language: { code: "es" } } });
    const components = sent.body.template!.components!;
    const code = components[0].parameters![0].text!;
    expect(code).toMatch(/^\d{6}$/);
    expect(components[1]).toEqual({ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] });
    // Kept hashed only.
    const [row] = await t.ctx.db.select().from(clientSignInCodes).where(eq(clientSignInCodes.clientId, client.id));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    // Meta's schema is not a rubber stamp: the same request without the button's parameter fails it.
    const broken = structuredClone(sent.body) as { template: { components: { parameters?: unknown[] }[] } };
    broken.template.components[1].parameters = [];
    expect(metaTemplateMessageProblems(broken)).not.toEqual([]);
  });

  it("the right code signs the browser in and protects the account, with a long-lived httpOnly, Strict, Secure cookie over HTTPS; audited", async () => {
    const client = await newClient();
    const browser = new Browser();
    await browser.call("POST", "/api/cuenta/codigo", { clientCode: client.clientCode }, { "x-forwarded-proto": "https" });
    const res = await browser.call("POST", "/api/cuenta/ingresar", { clientCode: client.clientCode, codigo: lastCodeTo(client.telefono) }, { "x-forwarded-proto": "https" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ protegida: true, sesionIniciada: true, otrasSesiones: 0 });
    const session = browser.setCookies.find((c) => c.startsWith("ex_cliente="))!;
    expect(session).toMatch(/; Path=\/api; Max-Age=15552000; HttpOnly; SameSite=Strict; Secure$/);
    const [row] = await t.ctx.db.select({ protectedAt: clients.protectedAt }).from(clients).where(eq(clients.id, client.id));
    expect(row.protectedAt).not.toBeNull();
    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "cliente.proteger"), eq(auditLog.entityId, String(client.id))));
    expect(audit).toHaveLength(1);
    // The session is kept hashed, never as the cookie's token.
    const token = browser.jar.get("ex_cliente")!;
    const sessions = await t.ctx.db.select().from(clientSessions).where(eq(clientSessions.clientId, client.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0].tokenHash).not.toBe(token);
    // Signed in, the whole portal answers.
    expect((await browser.call("GET", `/api/clients/trackings?code=${client.clientCode}`)).statusCode).toBe(200);
    // The code was single use.
    const again = await browser.call("POST", "/api/cuenta/ingresar", { clientCode: client.clientCode, codigo: lastCodeTo(client.telefono) });
    expect(again.statusCode).toBe(400);
  });

  it("refuses a wrong code (nothing protected, no session) and a code typed in another browser", async () => {
    const client = await newClient();
    const browser = new Browser();
    await browser.call("POST", "/api/cuenta/codigo", { clientCode: client.clientCode });
    const right = lastCodeTo(client.telefono);
    const wrong = right === "000000" ? "000001" : "000000";
    const res = await browser.call("POST", "/api/cuenta/ingresar", { clientCode: client.clientCode, codigo: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SIGN_IN_CODE_WRONG);
    const other = await new Browser().call("POST", "/api/cuenta/ingresar", { clientCode: client.clientCode, codigo: right });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(SIGN_IN_CODE_EXPIRED);
    const [row] = await t.ctx.db.select({ protectedAt: clients.protectedAt }).from(clients).where(eq(clients.id, client.id));
    expect(row.protectedAt).toBeNull();
    expect(await t.ctx.db.select().from(clientSessions).where(eq(clientSessions.clientId, client.id))).toEqual([]);
    // Still good in its own browser.
    expect((await browser.call("POST", "/api/cuenta/ingresar", { clientCode: client.clientCode, codigo: right })).statusCode).toBe(200);
  });

  it("refuses an expired code", async () => {
    const client = await newClient();
    const browser = new Browser();
    await browser.call("POST", "/api/cuenta/codigo", { clientCode: client.clientCode });
    await t.ctx.db.update(clientSignInCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(clientSignInCodes.clientId, client.id));
    const res = await browser.call("POST", "/api/cuenta/ingresar", { clientCode: client.clientCode, codigo: lastCodeTo(client.telefono) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SIGN_IN_CODE_EXPIRED);
  });

  it(`compares at most ${CODE_MAX_ATTEMPTS} guesses of a code, a parallel burst included; then even the right one is refused`, async () => {
    const client = await newClient();
    const browser = new Browser();
    await browser.call("POST", "/api/cuenta/codigo", { clientCode: client.clientCode });
    const right = lastCodeTo(client.telefono);
    const wrong = right === "999999" ? "999998" : "999999";
    const burst = await Promise.all(Array.from({ length: 12 }, () => browser.call("POST", "/api/cuenta/ingresar", { clientCode: client.clientCode, codigo: wrong })));
    const messages = burst.map((r) => r.json().message as string);
    expect(messages.filter((m) => m === SIGN_IN_CODE_WRONG).length + messages.filter((m) => m === SIGN_IN_CODE_USED_UP).length).toBe(12);
    const [row] = await t.ctx.db.select({ attempts: clientSignInCodes.attempts }).from(clientSignInCodes).where(eq(clientSignInCodes.clientId, client.id));
    expect(row.attempts).toBe(CODE_MAX_ATTEMPTS);
    const late = await browser.call("POST", "/api/cuenta/ingresar", { clientCode: client.clientCode, codigo: right });
    expect(late.json().message).toBe(SIGN_IN_CODE_USED_UP);
  });

  it("a stranger's requests and guesses never lock the owner out, and reach the owner's WhatsApp at most 3 times a day", async () => {
    const { clientCode, telefono, id, owner } = await protectedClient();
    const before = sentTo(telefono);
    const stranger = new Browser();
    for (let i = 0; i < STRANGER_SENDS_PER_DAY; i++) {
      const res = await stranger.call("POST", "/api/cuenta/codigo", { clientCode });
      expect(res.statusCode, res.body).toBe(200);
      // Five wrong guesses spend the stranger's own code.
      for (let g = 0; g < CODE_MAX_ATTEMPTS; g++) await stranger.call("POST", "/api/cuenta/ingresar", { clientCode, codigo: "123456" });
      await ageCodes(id, 61_000);
    }
    // A new stranger (other cookies) is capped too: the day's stranger sends are spent.
    const capped = await new Browser().call("POST", "/api/cuenta/codigo", { clientCode });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(SIGN_IN_SEND_CAP);
    expect(sentTo(telefono) - before).toBe(STRANGER_SENDS_PER_DAY);
    // The owner's phone signed out, then asks for a code: its own bucket, its own attempts.
    await owner.call("POST", "/api/cuenta/salir", { clientCode });
    expect((await owner.call("GET", `/api/clients/trackings?code=${clientCode}`)).statusCode).toBe(401);
    const asked = await owner.call("POST", "/api/cuenta/codigo", { clientCode });
    expect(asked.statusCode, asked.body).toBe(200);
    // The stranger cannot use the owner's code.
    expect((await stranger.call("POST", "/api/cuenta/ingresar", { clientCode, codigo: lastCodeTo(telefono) })).statusCode).toBe(400);
    const back = await owner.call("POST", "/api/cuenta/ingresar", { clientCode, codigo: lastCodeTo(telefono) });
    expect(back.statusCode, back.body).toBe(200);
    expect((await owner.call("GET", `/api/clients/trackings?code=${clientCode}`)).statusCode).toBe(200);
  });

  it("waits a minute between codes for one browser", async () => {
    const client = await newClient();
    const browser = new Browser();
    expect((await browser.call("POST", "/api/cuenta/codigo", { clientCode: client.clientCode })).statusCode).toBe(200);
    const again = await browser.call("POST", "/api/cuenta/codigo", { clientCode: client.clientCode });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/Puedes pedir otro en \d+ segundos/);
  });
});

/** A request for one portal route of the route table, naming `code` (and the client's package). */
function portalRequest(route: { method: string; url: string }, code: string, packageId: number) {
  const url = route.url.replace(":clientCode", code).replace(":id", String(packageId));
  const query = route.method === "GET" && !route.url.includes(":clientCode") ? `?code=${code}` : "";
  const payload = ["POST", "PUT", "PATCH", "DELETE"].includes(route.method)
    ? { clientCode: code, trackingCode: `NUEVO${packageId}`, descripcionPaquete: "Repuestos", tipoIdentificacion: "", identificacion: "", query: "filtro de aceite" }
    : undefined;
  return { method: route.method as "GET", url: `${url}${query}`, payload };
}

describe("a protected account's bare code", () => {
  it("opens only the statuses: every 'account' route of the route table answers 401 and changes nothing", async () => {
    const { clientCode, packageId } = await protectedClient();
    const accountRoutes = t.ctx.routes.filter((r) => r.codeOracle && r.clientAccess === "account");
    expect(accountRoutes.length).toBeGreaterThanOrEqual(13);
    // Every code-oracle route says which it is; the open ones are these alone.
    expect(t.ctx.routes.filter((r) => r.codeOracle && r.clientAccess !== "account" && r.clientAccess !== "open")).toEqual([]);
    expect(
      t.ctx.routes
        .filter((r) => r.codeOracle && r.clientAccess === "open")
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(
      [
        "GET /api/cuenta/:clientCode",
        "GET /api/cuenta/:clientCode/estados",
        "POST /api/cuenta/codigo",
        "POST /api/cuenta/ingresar",
        "POST /api/cuenta/salir",
        "POST /api/cuenta/salir-otros",
        "POST /api/clients/register",
      ].sort(),
    );
    const fingerprint = await createFingerprinter(t.ctx.db);
    const before = await fingerprint.take();
    const stranger = new Browser();
    const answers: string[] = [];
    for (const route of accountRoutes) {
      for (const code of [clientCode, clientCode.toLowerCase()]) {
        const res = await stranger.call(...(Object.values(portalRequest(route, code, packageId)) as [never, string, unknown]));
        const body = res.json() as { code?: string; message?: string };
        if (res.statusCode !== 401 || body.code !== SIGN_IN_REQUIRED_CODE || body.message !== SIGN_IN_REQUIRED) {
          answers.push(`${route.method} ${route.url} (${code}) → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(answers).toEqual([]);
    expect(fingerprint.changed(before, await fingerprint.take())).toEqual([]);
    // What it does show: the access state and the statuses, nothing else of a package.
    const state = await stranger.call("GET", `/api/cuenta/${clientCode}`);
    expect(state.json()).toEqual({ protegida: true, sesionIniciada: false, otrasSesiones: 0 });
    const statuses = await stranger.call("GET", `/api/cuenta/${clientCode}/estados`);
    expect(statuses.statusCode).toBe(200);
    const list = statuses.json().trackings as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]).sort()).toEqual(["createdAt", "enVerificacion", "estado", "estadoDesde", "origen", "trackingCode"]);
  });

  it("signed in, no portal route answers 401", async () => {
    const { clientCode, packageId, owner } = await protectedClient();
    const refused: string[] = [];
    for (const route of t.ctx.routes.filter((r) => r.codeOracle && r.clientAccess === "account")) {
      const res = await owner.call(...(Object.values(portalRequest(route, clientCode, packageId)) as [never, string, unknown]));
      if (res.statusCode === 401) refused.push(`${route.method} ${route.url}`);
    }
    expect(refused).toEqual([]);
  });

  it("an unprotected account's code opens every portal route as before (none answers 401)", async () => {
    const { clientCode, packageId } = await newClient();
    const refused: string[] = [];
    for (const route of t.ctx.routes.filter((r) => r.codeOracle && r.clientAccess === "account")) {
      const res = await new Browser().call(...(Object.values(portalRequest(route, clientCode, packageId)) as [never, string, unknown]));
      if (res.statusCode === 401) refused.push(`${route.method} ${route.url}`);
    }
    expect(refused).toEqual([]);
    const lookup = await new Browser().call("GET", `/api/clients/trackings?code=${clientCode}`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().client.nombre).toBe("Ana María Solís");
  });

  it("the client signs out here, and signs out its other devices", async () => {
    const { clientCode, telefono, owner } = await protectedClient();
    const second = new Browser();
    await second.call("POST", "/api/cuenta/codigo", { clientCode });
    expect((await second.call("POST", "/api/cuenta/ingresar", { clientCode, codigo: lastCodeTo(telefono) })).statusCode).toBe(200);
    expect((await owner.call("GET", `/api/cuenta/${clientCode}`)).json()).toEqual({ protegida: true, sesionIniciada: true, otrasSesiones: 1 });
    expect((await new Browser().call("POST", "/api/cuenta/salir-otros", { clientCode })).statusCode).toBe(401);
    expect((await owner.call("POST", "/api/cuenta/salir-otros", { clientCode })).json()).toEqual({ protegida: true, sesionIniciada: true, otrasSesiones: 0 });
    expect((await second.call("GET", `/api/clients/trackings?code=${clientCode}`)).statusCode).toBe(401);
    expect((await owner.call("GET", `/api/clients/trackings?code=${clientCode}`)).statusCode).toBe(200);
    const out = await owner.call("POST", "/api/cuenta/salir", { clientCode });
    expect(out.json()).toEqual({ protegida: true, sesionIniciada: false, otrasSesiones: 0 });
    expect(owner.jar.has("ex_cliente")).toBe(false);
    expect((await owner.call("GET", `/api/clients/trackings?code=${clientCode}`)).statusCode).toBe(401);
  });
});

describe("the office's recovery", () => {
  it("Oficina removes the protection with a reason (audited), ending every session; Bodega and no session are refused and change nothing", async () => {
    const { clientCode, id, owner } = await protectedClient();
    const url = `/api/admin/clients/${id}/quitar-proteccion`;
    const bodega = await createTestStaff(t, "bodega");
    const oficina = await createTestStaff(t, "oficina");
    const none = await t.app.inject({ method: "POST", url, payload: { motivo: "Cambió de teléfono" } });
    expect(none.statusCode).toBe(401);
    const refused = await t.app.inject({ method: "POST", url, headers: bodega.headers, payload: { motivo: "Cambió de teléfono" } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ROLE_FORBIDDEN);
    const short = await t.app.inject({ method: "POST", url, headers: oficina.headers, payload: { motivo: "x" } });
    expect(short.statusCode).toBe(400);
    const [still] = await t.ctx.db.select({ protectedAt: clients.protectedAt }).from(clients).where(eq(clients.id, id));
    expect(still.protectedAt).not.toBeNull();

    // Staff see it on the client's card (the list's answer).
    const listed = async () => (await t.app.inject({ method: "GET", url: `/api/clients?q=${clientCode}`, headers: oficina.headers })).json().clients[0];
    expect((await listed()).protegidaDesde).toEqual(expect.any(String));
    const done = await t.app.inject({ method: "POST", url, headers: oficina.headers, payload: { motivo: "Cambió de teléfono, verificado con cédula" } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ protegida: false, sesionesCerradas: 1 });
    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "cliente.quitar_proteccion"), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorAccountId).toBe(oficina.accountId);
    expect(audit[0].summary).toContain("Cambió de teléfono, verificado con cédula");
    expect(await t.ctx.db.select().from(clientSessions).where(eq(clientSessions.clientId, id))).toEqual([]);
    // The bare code opens the whole portal again; the old phone's session is gone.
    expect((await new Browser().call("GET", `/api/clients/trackings?code=${clientCode}`)).statusCode).toBe(200);
    expect((await owner.call("GET", `/api/cuenta/${clientCode}`)).json()).toEqual({ protegida: false, sesionIniciada: false, otrasSesiones: 0 });
    expect((await listed()).protegidaDesde).toBeNull();
    const twice = await t.app.inject({ method: "POST", url, headers: oficina.headers, payload: { motivo: "Otra vez por error" } });
    expect(twice.statusCode).toBe(409);
  });
});
