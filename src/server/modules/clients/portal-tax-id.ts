// PUT /api/clients/tax-id (public, by code; issue 34 item 1, decision 189): the client's own
// identification for the electronic invoice, from /rastreo's 'Datos para factura electrónica'.
// The pair arrives checked and normalised by the shared rule (shared/api/tax-id.ts); the client
// policy (core/policies/client.ts) lets a code change only the record it found. The change is
// audited as the client's, and the lookup's cached answer is forgotten by the clients trigger.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clients } from "../../db/schema";
import { notFound } from "../../errors";
import type { Actor } from "../../lib/actor";
import { findClientByTypedCode } from "../../core/client-codes";
import { authorize, clientSubject } from "../../core/policies";
import { diffFields, recordAudit } from "../../core/audit/service";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import type { TPortalTaxId, TPortalTaxIdRequest, TPortalTaxIdResponse } from "../../../shared/api/tax-id";
import type { TaxIdType } from "../../../shared/domain/tax-identification";

/** What the portal shows of a stored pair: its type and last 4 digits. */
export function portalTaxId(type: string | null, number: string | null): TPortalTaxId {
  return type && number ? { tipo: type as TaxIdType, terminaEn: number.slice(-4) } : null;
}

export async function saveOwnTaxId(db: Db, input: TPortalTaxIdRequest, actor: Actor): Promise<TPortalTaxIdResponse> {
  return db.transaction(async (tx) => {
    const found = await findClientByTypedCode(tx, input.clientCode, { id: clients.id });
    if (!found) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
    const [current] = await tx
      .select({ clientId: clients.id, clientCode: clients.clientCode, nombre: clients.nombre, tipoIdentificacion: clients.taxIdType, identificacion: clients.taxIdNumber })
      .from(clients)
      .where(eq(clients.id, found.id))
      .for("update");
    authorize(clientSubject(found), "client.editOwnTaxId", current);
    const after = { tipoIdentificacion: input.tipoIdentificacion, identificacion: input.identificacion };
    const diff = diffFields(current, after, ["tipoIdentificacion", "identificacion"]);
    if (diff) {
      await tx.update(clients).set({ taxIdType: after.tipoIdentificacion, taxIdNumber: after.identificacion, updatedAt: new Date() }).where(eq(clients.id, current.clientId));
      await recordAudit(tx, actor, { action: "cliente.editar", entity: "cliente", entityId: current.clientId, summary: `${current.clientCode} · ${current.nombre}`, ...diff });
    }
    return { identificacion: portalTaxId(after.tipoIdentificacion, after.identificacion) };
  });
}
