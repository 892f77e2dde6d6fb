// Client registration (public-site §2 "Registration", §5, §7): one transaction creates the
// client with a new unique EX + 6 code and a separate referral code (codes.ts), records a
// referral when a valid referrer code came with it, and queues the welcome WhatsApp message
// (staff see it pending until it is sent).
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clients } from "../../db/schema";
import { badRequest, conflict } from "../../errors";
import { enqueueNotification, inOutboxTransaction } from "../notifications/outbox";
import { welcomeNotification } from "../notifications/messages";
import { recordReferralOnRegistration } from "../referrals/service";
import { issueCodes } from "./codes";
import { normalizeCostaRicanWhatsapp } from "../../../shared/domain/phone";
import {
  REGISTER_WHATSAPP_NOT_CR,
  REGISTER_WHATSAPP_TAKEN,
  type TRegisterClientRequest,
  type TRegisterClientResponse,
} from "../../../shared/api/clients";

export interface RegisterClientOptions {
  brandName: string;
  now?: Date;
  /** The code source (tests force collisions with it). */
  generateCode?: () => string;
}

export async function registerClient(
  db: Db,
  input: TRegisterClientRequest,
  options: RegisterClientOptions,
): Promise<TRegisterClientResponse> {
  const telefono = normalizeCostaRicanWhatsapp(input.telefono);
  if (!telefono) throw badRequest(REGISTER_WHATSAPP_NOT_CR);
  const now = options.now ?? new Date();

  return inOutboxTransaction(db, async (tx) => {
    // Two registrations of one number at the same moment: the second waits here, then sees the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`client-phone:${telefono}`}))`);
    const local = telefono.slice(4);
    const [existing] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(
        or(
          eq(clients.telefono, telefono),
          // Imported clients keep the number as their spreadsheet wrote it ("8888-7777", "506 8888 7777").
          sql`regexp_replace(${clients.telefono}, '\\D', '', 'g') in (${local}, ${`506${local}`})`,
        ),
      )
      .limit(1);
    if (existing) throw conflict(REGISTER_WHATSAPP_TAKEN);

    // Both codes are checked against every stored client code, referral code and look-alike reading.
    const [clientCode, referralCode] = await issueCodes(tx, 2, options.generateCode);
    const [created] = await tx
      .insert(clients)
      .values({
        clientCode,
        codeLookalikeFree: true,
        referralCode,
        nombre: input.nombre,
        direccion: input.direccion,
        telefono,
        email: input.email ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: clients.id, clientCode: clients.clientCode, nombre: clients.nombre });

    const referral = await recordReferralOnRegistration(tx, {
      referredClientId: created.id,
      referrerCode: input.referrerCode,
      now,
    });

    await enqueueNotification(
      tx,
      welcomeNotification({ clientId: created.id, telefono, nombre: created.nombre, clientCode: created.clientCode, brandName: options.brandName }),
    );

    return {
      client: { clientCode: created.clientCode, nombre: created.nombre },
      welcomeCoupon: referral
        ? {
            discountPercent: referral.welcomeCoupon.discountPercent,
            expiresAt: referral.welcomeCoupon.expiresAt.toISOString(),
          }
        : null,
    };
  });
}
