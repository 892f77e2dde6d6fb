// Who may read a comprobante electrónico (issue 34; docs/decisions/179, 197). Staff: the routes'
// roles (office staff) decide. A client through /rastreo reads only its own (the payment's client),
// through the one ownership check: another client's document answers the 404 of a missing one.
import { notFound } from "../../errors";
import { COMPROBANTE_NOT_FOUND } from "../../../shared/api/admin/invoices";
import { owns, type ClientSubject } from "./subject";
import type { Verdict } from "./refusals";

export const invoiceRules = {
  /** A document the client downloads (`doc` undefined: none that it may see by that id). */
  "invoice.readOwn": (client: ClientSubject, doc: { clientId: number } | undefined): Verdict => (owns(client, doc) ? null : notFound(COMPROBANTE_NOT_FOUND)),
};
