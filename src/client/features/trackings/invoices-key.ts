// The query key of a client's comprobantes electrónicos (its address, from the shared contract),
// apart from the panel so the portal's search can refresh it without loading the panel.
import { routePath } from "../../../shared/api/contract";
import { CLIENT_COMPROBANTES_ROUTE } from "../../../shared/api/comprobantes";

export function invoicesKey(clientCode: string): [string] {
  return [routePath(CLIENT_COMPROBANTES_ROUTE, { clientCode })];
}
