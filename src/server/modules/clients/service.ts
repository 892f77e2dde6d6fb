// Client registration (public-site §2 "Registration", §5, §7): one transaction creates the
// client with a new unique EX + 6 code and a separate referral code (new-client.ts, codes.ts),
// records a referral when a valid referrer code came with it, and queues the welcome WhatsApp
// message (staff see it pending until it is sent).
import type { Db } from "../../db/client";
import { conflict } from "../../errors";
import { enqueueNotification, inOutboxTransaction } from "../../core/outbox";
import { welcomeNotification } from "../notifications/messages";
import { recordReferralOnRegistration } from "../referrals/service";
import { costaRicanPhone, insertNewClient, lockPhoneAndFindHolder } from "./new-client";
import {
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
  const telefono = costaRicanPhone(input.telefono);
  const now = options.now ?? new Date();

  return inOutboxTransaction(db, async (tx) => {
    // Two registrations of one number at the same moment: the second waits, then sees the first.
    if (await lockPhoneAndFindHolder(tx, telefono)) throw conflict(REGISTER_WHATSAPP_TAKEN);
    const created = await insertNewClient(
      tx,
      { nombre: input.nombre, direccion: input.direccion, telefono, email: input.email },
      { now, generateCode: options.generateCode },
    );

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
