// The Mensajero's Entregas (issue 32 item 7, docs/decisions/161): a phone screen with only the
// packages on their own delivery list. Per package: who, where (the address, and a map search),
// the phone (tap to call, or WhatsApp), the balance to collect, and "Entregar" with the same proof
// dialog as everyone. The server sends nothing else: no client code, no total, no other package.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { MapPin, Phone } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { WhatsappLinkButton } from "../../../components/whatsapp-link";
import { queryClient } from "../../../lib/query-client";
import { ADMIN_QUERY_ROOT, getAdminJson, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { formatPhoneForDisplay, whatsappChatLink } from "../../../../shared/domain/phone";
import {
  DELIVER_BUTTON,
  MESSENGER_LIST_EMPTY,
  MESSENGER_LIST_LOAD_FAILED,
  MESSENGER_LIST_TITLE,
  MESSENGER_LIST_ROUTE,
  collectLabel,
  type TMessengerPackage,
} from "../../../../shared/api/admin/deliveries";
import { routePath } from "../../../../shared/api/contract";
import { DeliverDialog } from "./deliver-dialog";

const LIST_KEY = [ADMIN_QUERY_ROOT, "delivery-list"] as const;

/** A map search for the address (opens the phone's map app or the browser). */
const mapLink = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${address}, Costa Rica`)}`;

function MessengerPackage({ pkg, onDeliver }: { pkg: TMessengerPackage; onDeliver: (pkg: TMessengerPackage) => void }) {
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words text-ink">{pkg.clientName}</p>
        <Badge tone={pkg.saldoColones > 0 ? "warning" : "success"}>{collectLabel(pkg.saldoColones)}</Badge>
      </div>
      <p className="font-mono text-sm break-all text-ink">{pkg.trackingCode}</p>
      {pkg.descripcionPaquete ? <p className="text-sm break-words text-muted">{pkg.descripcionPaquete}</p> : null}
      <p className="flex gap-1 text-sm break-words text-ink">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <a href={mapLink(pkg.direccion)} target="_blank" rel="noopener noreferrer" className="text-primary underline" aria-label={`Ver en el mapa: ${pkg.direccion}`}>
          {pkg.direccion}
        </a>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={`tel:${pkg.telefono}`}
          className="inline-flex min-h-12 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-primary"
          aria-label={`Llamar a ${pkg.clientName}: ${formatPhoneForDisplay(pkg.telefono)}`}
        >
          <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
          {formatPhoneForDisplay(pkg.telefono)}
        </a>
        <WhatsappLinkButton href={whatsappChatLink(pkg.telefono)} size="lg" label={`WhatsApp a ${pkg.clientName}`}>
          WhatsApp
        </WhatsappLinkButton>
      </div>
      <Button type="button" size="lg" onClick={() => onDeliver(pkg)} aria-label={`${DELIVER_BUTTON} ${pkg.trackingCode}`}>
        {DELIVER_BUTTON}
      </Button>
    </li>
  );
}

export function MessengerList() {
  const [delivering, setDelivering] = useState<TMessengerPackage | null>(null);
  const list = useQuery({ queryKey: LIST_KEY, queryFn: () => getAdminJson(routePath(MESSENGER_LIST_ROUTE), MESSENGER_LIST_ROUTE.responses[200]) }, queryClient);
  useLoadErrorToast(list.error, "Error", MESSENGER_LIST_LOAD_FAILED);
  const delivered = () => {
    setDelivering(null);
    void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  };
  return (
    <section className="grid gap-4" aria-labelledby="messenger-list-title">
      <h2 id="messenger-list-title" className="text-xl font-semibold text-ink">
        {MESSENGER_LIST_TITLE}
        {list.data ? <span className="ml-2 text-base font-normal text-muted">({list.data.packages.length})</span> : null}
      </h2>
      {list.isPending ? <PanelLoading /> : null}
      {list.error ? <PanelMessage tone="error">{MESSENGER_LIST_LOAD_FAILED}</PanelMessage> : null}
      {list.data && list.data.packages.length === 0 ? <PanelMessage>{MESSENGER_LIST_EMPTY}</PanelMessage> : null}
      {list.data && list.data.packages.length > 0 ? (
        <ul className="grid gap-3" aria-label={MESSENGER_LIST_TITLE}>
          {list.data.packages.map((pkg) => (
            <MessengerPackage key={pkg.id} pkg={pkg} onDeliver={setDelivering} />
          ))}
        </ul>
      ) : null}
      {delivering ? <DeliverDialog pkg={delivering} onClose={() => setDelivering(null)} onDelivered={delivered} /> : null}
    </section>
  );
}
