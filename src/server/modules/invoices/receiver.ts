// Who the buyer is (issue 34 item 1; decision 189): the receiver of a payment's comprobante, read
// from the client's record. A client with an identification gets a Factura Electrónica (01) naming
// it, with the client's e-mail when it has one; without, null: the payment gets a Tiquete (04).
// The payment wiring calls this inside its transaction; documentKindFor (service.ts) decides the
// kind from what this answers.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { clients } from "../../db/schema";
import { TAX_ID_TYPES, type TaxIdType } from "../../../shared/domain/tax-identification";
import { fitText, type Receiver } from "./document";

/** Receptor/Nombre admits at most 100 characters. */
const NAME_MAX = 100;

export async function receiverForClient(db: DbOrTx, clientId: number): Promise<Receiver | null> {
  const [row] = await db
    .select({ nombre: clients.nombre, email: clients.email, type: clients.taxIdType, number: clients.taxIdNumber })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!row?.type || !row.number || !(TAX_ID_TYPES as readonly string[]).includes(row.type)) return null;
  const email = row.email?.trim();
  return {
    name: fitText(row.nombre, NAME_MAX),
    idType: row.type as TaxIdType,
    idNumber: row.number,
    ...(email ? { email } : {}),
  };
}
