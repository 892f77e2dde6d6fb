// TEST FIXTURE ONLY (issue 21): payments written straight into the tables, for the tests of the
// modules that only READ them (cierre de caja, cuentas por cobrar). The real rules (validation,
// SINPE uniqueness, limits, audit) are the payments module's; this writes the payment, its
// allocations and the packages' pagado_colones in one transaction, packages locked in id order.
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { clientTrackings, paymentAllocations, payments } from "../db/schema";
import type { PaymentMethod } from "../../shared/domain/charges";

export interface TestPaymentInput {
  clientId: number;
  method: PaymentMethod;
  reference?: string | null;
  paidAt: Date;
  recordedBy: { accountId: number | null; name: string };
  /** Each package and how much of the payment goes to it; the payment's amount is their sum. */
  allocations: { trackingId: number; amountColones: number }[];
  /** Already reversed (pagado untouched). */
  reversed?: { at: Date; byName: string; reason: string };
}

/** Inserts one payment as a fixture (see the top); returns its id (the receipt number). */
export async function insertTestPayment(db: Db, input: TestPaymentInput): Promise<number> {
  const amountColones = input.allocations.reduce((sum, a) => sum + a.amountColones, 0);
  return db.transaction(async (tx) => {
    const ids = input.allocations.map((a) => a.trackingId);
    await tx.select({ id: clientTrackings.id }).from(clientTrackings).where(inArray(clientTrackings.id, ids)).orderBy(asc(clientTrackings.id)).for("update");
    const [row] = await tx
      .insert(payments)
      .values({
        clientId: input.clientId,
        method: input.method,
        reference: input.reference ?? null,
        amountColones,
        paidAt: input.paidAt,
        recordedByAccountId: input.recordedBy.accountId,
        recordedByName: input.recordedBy.name,
        reversedAt: input.reversed?.at ?? null,
        reversedByName: input.reversed?.byName ?? null,
        reversalReason: input.reversed?.reason ?? null,
      })
      .returning({ id: payments.id });
    await tx.insert(paymentAllocations).values(input.allocations.map((a) => ({ paymentId: row.id, ...a })));
    if (!input.reversed) {
      for (const a of input.allocations) {
        await tx
          .update(clientTrackings)
          .set({ pagadoColones: sql`${clientTrackings.pagadoColones} + ${a.amountColones}` })
          .where(eq(clientTrackings.id, a.trackingId));
      }
    }
    return row.id;
  });
}

/** Gives a test package a freight amount and, optionally, when it became collectable. */
export async function setTestCharge(db: Db, trackingId: number, charge: { montoColones: number; cobrableAt?: Date | null }): Promise<void> {
  await db
    .update(clientTrackings)
    .set({ montoColones: charge.montoColones, ...(charge.cobrableAt === undefined ? {} : { cobrableAt: charge.cobrableAt }) })
    .where(eq(clientTrackings.id, trackingId));
}
