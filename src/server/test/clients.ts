// Test factories for the client modules: unique WhatsApp numbers, clients
// registered through the real HTTP call and packages created as staff create them, so each test
// owns its data and needs no ordering.
import { TEST_ADMIN_ACTOR } from "./actors";
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { clients } from "../db/schema";
import { createTracking } from "../modules/packages/service";
import type { TRegisterClientResponse } from "../../shared/api/clients";
import type { TrackingStatus } from "../../shared/domain/statuses";
import { COLLECTABLE_STATUSES } from "../../shared/domain/charges";

let sequence = randomInt(0, 1_000_000);

/** An 8-digit Costa Rican mobile number no other test in this process uses. */
export function uniquePhone(): string {
  // Six digits of sequence and a check digit (their sum mod 10): two numbers given here differ in
  // at least two digits, so none is "one digit off" another (the look-alike warning, issue 32).
  sequence = (sequence + 1) % 1_000_000;
  const six = String(sequence).padStart(6, "0");
  const check = [...six].reduce((sum, d) => sum + Number(d), 0) % 10;
  return `8${six}${check}`;
}

export async function registerTestClient(
  app: FastifyInstance,
  overrides: Partial<{ nombre: string; direccion: string; telefono: string; email: string; referrerCode: string }> = {},
): Promise<TRegisterClientResponse["client"] & { telefono: string; welcomeCoupon: TRegisterClientResponse["welcomeCoupon"] }> {
  const telefono = overrides.telefono ?? uniquePhone();
  const res = await app.inject({
    method: "POST",
    url: "/api/clients/register",
    payload: { nombre: "Ana María Solís", direccion: "Grecia centro, 200 m norte del parque", telefono, ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as TRegisterClientResponse;
  return { ...body.client, telefono, welcomeCoupon: body.welcomeCoupon };
}

/** The id of the client holding a client code. */
export async function clientIdOf(db: Db, clientCode: string): Promise<number> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.clientCode, clientCode));
  return row.id;
}

/**
 * A package of a client, created as staff create one by hand (no message queued). An unpriced
 * package can never become collectable (docs/decisions/152): one created Listo para entregar or
 * Entregado is priced at ₡0 (1 000 g) unless `montoColones` says otherwise; a number prices any
 * package (1 000 g); null leaves it without an amount (refused if created collectable).
 */
export async function addTestPackage(db: Db, clientId: number, trackingCode: string, estado?: TrackingStatus, options: { montoColones?: number | null } = {}) {
  const collectable = estado !== undefined && COLLECTABLE_STATUSES.includes(estado);
  const montoColones = options.montoColones === undefined ? (collectable ? 0 : null) : options.montoColones;
  const amount = montoColones === null ? {} : { pesoPieCubicos: "1000", montoColones };
  const { tracking } = await db.transaction((tx) => createTracking(tx, { clientId, trackingCode, estado, ...amount, actor: TEST_ADMIN_ACTOR, notify: false }));
  return tracking;
}
