// 'Mis Paquetes' (public-site §2 "Tracking", §4, §8): search by client code, then the client's
// packages (./client-packages: name, code and count, pre-alert / edit / delete dialogs, one card
// per package, the coupons and referrals, the share button). That part is its own chunk,
// fetched when the visitor searches, so the page only loads the search at first. The protected
// account's parts (./account-access: the sign-in by WhatsApp code, sign-out, the bare code's
// statuses) are another, fetched alongside the lookup: neither the search nor a found client's
// packages wait for them (issue 37 item 5).

import { lazy, Suspense, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Card } from "../../components/ui/card";
import { couponsKey } from "../../components/coupons-panel";
import { errorCodeFrom, errorMessageFrom, errorStatusFrom } from "../../lib/api";
import { SIGN_IN_REQUIRED_CODE } from "../../../shared/api/sign-in-required";
import { ClientCodeSearch } from "./client-code-search";
import { ClientNotFound } from "./client-not-found";
import { referralsKey } from "./referrals-panel";
import { invoicesKey } from "./invoices-key";
import { clientTrackingsKey, useClientTrackings } from "./use-client-trackings";
import { RememberCodeControls, useRememberedCode } from "./remembered-code";

const loadPackages = () => import("./client-packages");
const ClientPackages = lazy(() => loadPackages().then((module) => ({ default: module.ClientPackages })));
const loadAccess = () => import("./account-access");
const AccountAccessCard = lazy(() => loadAccess().then((module) => ({ default: module.AccountAccessCard })));
const ProtectedStatuses = lazy(() => loadAccess().then((module) => ({ default: module.ProtectedStatuses })));

export function ClientPortal() {
  const queryClient = useQueryClient();
  const memory = useRememberedCode();
  // A code remembered on this phone opens its packages at once (a bookmark of the bare /rastreo).
  const [clientCode, setClientCode] = useState<string | null>(memory.remembered);
  const lookup = useClientTrackings(clientCode);
  const foundCode = lookup.data?.client.clientCode;
  useEffect(() => {
    if (foundCode) memory.found(foundCode);
  }, [foundCode, memory]);
  // The account's parts travel beside the lookup (a remembered code's too), not before the search.
  useEffect(() => {
    if (clientCode) void loadAccess().catch(() => undefined); // a failure shows when it renders
  }, [clientCode]);

  function search(code: string) {
    void loadPackages().catch(() => undefined); // fetched alongside the lookup; a failure shows when it renders
    // A repeated search asks again: staff may have moved a package since.
    for (const key of [clientTrackingsKey(code), couponsKey(code), referralsKey(code), invoicesKey(code)]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
    setClientCode(code);
  }

  return (
    <div className="grid gap-6">
      <Card className="p-6">
        <h2 className="text-lg font-bold text-ink">Mis Paquetes</h2>
        <p className="mt-1 mb-4 text-sm text-muted">Ingresa tu código de cliente para ver y pre-alertar tus paquetes.</p>
        <ClientCodeSearch onSearch={search} searching={lookup.isFetching} />
        <RememberCodeControls
          remembered={memory.remembered}
          wanted={memory.wanted}
          onWantedChange={memory.setWanted}
          onForget={() => {
            memory.forget();
            setClientCode(null);
          }}
        />
      </Card>

      {clientCode && lookup.isError ? (
        errorStatusFrom(lookup.error) === 404 ? (
          <ClientNotFound clientCode={clientCode} />
        ) : errorCodeFrom(lookup.error) === SIGN_IN_REQUIRED_CODE ? (
          <Suspense
            fallback={
              <p role="status" className="text-sm text-muted">
                Cargando tus paquetes…
              </p>
            }
          >
            <ProtectedStatuses clientCode={clientCode} onSignedIn={() => search(clientCode)} />
          </Suspense>
        ) : (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm font-medium text-destructive-hover">
            {errorMessageFrom(lookup.error, "No pudimos consultar tus paquetes. Intenta nuevamente.")}
          </p>
        )
      ) : null}

      {lookup.data ? (
        // Shown once its chunk and the account's state are here; the packages never wait for it.
        <Suspense fallback={null}>
          <AccountAccessCard clientCode={lookup.data.client.clientCode} />
        </Suspense>
      ) : null}
      {lookup.data ? (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-muted">
              Cargando tus paquetes…
            </p>
          }
        >
          <ClientPackages key={lookup.data.client.clientCode} data={lookup.data} />
        </Suspense>
      ) : null}
    </div>
  );
}
