// Test factories for the client modules: unique WhatsApp numbers and clients registered
// through the real HTTP call, so each test owns its data and needs no ordering.
import { randomInt } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { TRegisterClientResponse } from "../../shared/api/clients";

let sequence = randomInt(0, 1_000_000);

/** An 8-digit Costa Rican mobile number no other test in this process uses. */
export function uniquePhone(): string {
  sequence = (sequence + 1) % 10_000_000;
  return `8${String(sequence).padStart(7, "0")}`;
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
