// Entregas (issue 20, docs/decisions/132): a driver's phone screen. The packages ready to deliver
// grouped by zone (the client's canton; Retiro en oficina; Sin zona), each group collapsible with
// its count; the scan field finds a package by its label or tracking number; "Entregar" opens the
// proof dialog. Office staff also see the address and phone and switch "Retira en oficina";
// Bodega sees only name and code (the server leaves the rest out). Office staff put a package on a
// Mensajero's delivery list; a Mensajero sees only that list (messenger-list.tsx, decision 161).
import { BalanceBadge } from "../../../lib/admin/unpaid-delivery";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { MapPin, Phone } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { ScanField } from "../../../components/scan-field";
import { scanFeedback } from "../../../lib/scan-feedback";
import { toast } from "../../../components/ui/use-toast";
import { queryClient } from "../../../lib/query-client";
import { ADMIN_QUERY_ROOT, getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { useAdminSession } from "../../../lib/admin/admin-session";
import { formatColones, formatDate } from "../../../../shared/domain/format";
import { trackingStatusLabel } from "../../../../shared/domain/statuses";
import {
  ASSIGN_FAILED,
  DELIVER_BUTTON,
  DELIVERIES_EMPTY,
  DELIVERIES_LOAD_FAILED,
  DELIVERIES_SCAN_LABEL,
  DELIVERIES_SCAN_NONE,
  DELIVERIES_TITLE,
  MESSENGER_LABEL,
  MESSENGER_NONE,
  MESSENGERS_LOAD_FAILED,
  PICKUP_FAILED,
  PICKUP_LABEL,
  ASSIGN_MESSENGER_ROUTE,
  DELIVERIES_ROUTE,
  DELIVERY_SCAN_ROUTE,
  MESSENGERS_ROUTE,
  OFFICE_PICKUP_ROUTE,
  ZONE_LOAD_FAILED,
  notReadyScanMessage,
  type TDeliveryPackage,
  type TDeliveryZoneGroup,
  type TMessengers,
} from "../../../../shared/api/admin/deliveries";
import { routePath } from "../../../../shared/api/contract";
import { DeliverDialog } from "./deliver-dialog";
import { MessengerList } from "./messenger-list";

const DELIVERIES_KEY = [ADMIN_QUERY_ROOT, "deliveries"] as const;
const MESSENGERS_KEY = [ADMIN_QUERY_ROOT, "messengers"] as const;

/** The enabled messengers (office staff only; one request, shared by every row through the cache). */
const useMessengers = (office: boolean) =>
  useQuery({ queryKey: MESSENGERS_KEY, queryFn: () => getAdminJson(routePath(MESSENGERS_ROUTE), MESSENGERS_ROUTE.responses[200]), enabled: office }, queryClient);

/** Office staff: the package's messenger (its delivery list), or none. */
function MessengerSelect({ pkg, messengers }: { pkg: TDeliveryPackage; messengers: TMessengers["messengers"] }) {
  const fail = useChangeErrorToast();
  const [pending, setPending] = useState(false);
  const id = `messenger-${pkg.id}`;
  // A disabled messenger still holding the package is shown, so the select says the truth.
  const options = pkg.mensajero && !messengers.some((m) => m.id === pkg.mensajero!.id) ? [...messengers, pkg.mensajero] : messengers;
  const change = async (value: string) => {
    setPending(true);
    try {
      await sendAdminJson("PUT", routePath(ASSIGN_MESSENGER_ROUTE, { id: pkg.id }), ASSIGN_MESSENGER_ROUTE.responses[200], { messengerId: value ? Number(value) : null });
      await queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
    } catch (err) {
      fail(err, ASSIGN_FAILED);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex min-h-12 min-w-0 items-center gap-2 text-sm text-ink">
      {/* A label beside the select, not around it: its name stays "Mensajero", not the chosen option too. */}
      <label htmlFor={id}>{MESSENGER_LABEL}</label>
      <select
        id={id}
        className="h-12 min-w-0 rounded-md border border-slate-300 bg-white px-2 text-base"
        value={pkg.mensajero?.id ?? ""}
        disabled={pending}
        onChange={(e) => void change(e.target.value)}
      >
        <option value="">{MESSENGER_NONE}</option>
        {options.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function PackageItem({ pkg, office, onDeliver }: { pkg: TDeliveryPackage; office: boolean; onDeliver: (pkg: TDeliveryPackage) => void }) {
  const fail = useChangeErrorToast();
  const [pending, setPending] = useState(false);
  const messengers = useMessengers(office);
  const togglePickup = async () => {
    setPending(true);
    try {
      await sendAdminJson("PATCH", routePath(OFFICE_PICKUP_ROUTE, { id: pkg.id }), OFFICE_PICKUP_ROUTE.responses[200], { retiroOficina: !pkg.retiroOficina });
      await queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
    } catch (err) {
      fail(err, PICKUP_FAILED);
    } finally {
      setPending(false);
    }
  };
  return (
    <li className="grid gap-2 border-t border-slate-200 py-3 first:border-t-0">
      <div className="min-w-0">
        <p className="font-semibold break-words text-ink">
          {pkg.clientName} <span className="font-normal text-muted">· {pkg.clientCode}</span>
        </p>
        <p className="font-mono text-sm break-all text-ink">{pkg.trackingCode}</p>
        {pkg.descripcionPaquete ? <p className="text-sm break-words text-muted">{pkg.descripcionPaquete}</p> : null}
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          {/* What is owed (issue 32): the stored total (freight, extras, coupon) for office staff, never
              the freight alone; Bodega sees the balance only (the badge), what a driver collects. */}
          <span>
            {pkg.montoColones === null ? null : pkg.totalColones !== null ? `Total ${formatColones(pkg.totalColones)} · ` : null}
            listo desde <time dateTime={pkg.readySince}>{formatDate(pkg.readySince)}</time>
          </span>
          {pkg.montoColones === null ? (
            <Badge tone="danger">Sin monto</Badge>
          ) : (
            <BalanceBadge saldoColones={pkg.saldoColones} totalColones={pkg.totalColones ?? pkg.montoColones} />
          )}
        </p>
        {pkg.direccion ? (
          <p className="flex gap-1 text-sm break-words text-ink">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>{pkg.direccion}</span>
          </p>
        ) : null}
        {pkg.telefono ? (
          <p className="flex gap-1 text-sm">
            <Phone className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <a href={`tel:${pkg.telefono}`} className="text-primary underline">
              {pkg.telefono}
            </a>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" size="lg" onClick={() => onDeliver(pkg)} aria-label={`${DELIVER_BUTTON} ${pkg.trackingCode}`}>
          {DELIVER_BUTTON}
        </Button>
        {office ? (
          <label className="flex min-h-12 items-center gap-2 text-sm text-ink">
            <input type="checkbox" className="h-5 w-5" checked={pkg.retiroOficina} disabled={pending} onChange={togglePickup} />
            {PICKUP_LABEL}
          </label>
        ) : null}
        {office && !pkg.retiroOficina && messengers.data && (messengers.data.messengers.length > 0 || pkg.mensajero) ? (
          <MessengerSelect pkg={pkg} messengers={messengers.data.messengers} />
        ) : !office && pkg.mensajero ? (
          <span className="text-sm text-muted">
            {MESSENGER_LABEL}: {pkg.mensajero.name}
          </span>
        ) : null}
      </div>
    </li>
  );
}

/**
 * One zone, collapsible, with its count. Its packages are drawn only while it is open; when the
 * overview carried only the zone's oldest few, opening it asks for the whole zone.
 */
function ZoneGroup({
  zone,
  initiallyOpen,
  office,
  onDeliver,
}: {
  zone: TDeliveryZoneGroup;
  initiallyOpen: boolean;
  office: boolean;
  onDeliver: (pkg: TDeliveryPackage) => void;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const partial = zone.count > zone.packages.length;
  const whole = useQuery(
    {
      queryKey: [...DELIVERIES_KEY, zone.key],
      queryFn: () => getAdminJson(routePath(DELIVERIES_ROUTE, { zona: zone.key }), DELIVERIES_ROUTE.responses[200]),
      enabled: open && partial,
    },
    queryClient,
  );
  useLoadErrorToast(whole.error, "Error", ZONE_LOAD_FAILED);
  const packages = (partial ? whole.data?.zones.find((z) => z.key === zone.key)?.packages : undefined) ?? zone.packages;
  return (
    <details className="rounded-lg border border-slate-200 bg-white" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-2 px-3 font-semibold text-ink">
        <span className="break-words">{zone.label}</span>
        <span className="shrink-0 rounded-full bg-slate-100 px-2 text-sm">
          {zone.count}
          <span className="sr-only"> {zone.count === 1 ? "paquete" : "paquetes"}</span>
        </span>
      </summary>
      {open ? (
        <ul className="px-3" aria-busy={partial && whole.isFetching}>
          {packages.map((pkg) => (
            <PackageItem key={pkg.id} pkg={pkg} office={office} onDeliver={onDeliver} />
          ))}
        </ul>
      ) : null}
    </details>
  );
}

export function DeliveriesSection() {
  const { staff } = useAdminSession();
  return staff.account.role === "mensajero" ? <MessengerList /> : <StaffDeliveries office={staff.account.role !== "bodega"} />;
}

function StaffDeliveries({ office }: { office: boolean }) {
  useLoadErrorToast(useMessengers(office).error, "Error", MESSENGERS_LOAD_FAILED);
  const [delivering, setDelivering] = useState<TDeliveryPackage | null>(null);
  const [found, setFound] = useState<TDeliveryPackage[] | null>(null);
  const [scanning, setScanning] = useState(false);
  const fail = useChangeErrorToast();
  const list = useQuery({ queryKey: DELIVERIES_KEY, queryFn: () => getAdminJson(routePath(DELIVERIES_ROUTE), DELIVERIES_ROUTE.responses[200]) }, queryClient);
  useLoadErrorToast(list.error, "Error", DELIVERIES_LOAD_FAILED);

  const scan = async (code: string) => {
    setScanning(true);
    try {
      const answer = await getAdminJson(routePath(DELIVERY_SCAN_ROUTE, { code }), DELIVERY_SCAN_ROUTE.responses[200]);
      if (answer.ready.length === 0 && answer.notReady.length === 0) {
        // Not a package's code: a client's code or name typed by hand finds their ready packages.
        const matches = await getAdminJson(routePath(DELIVERIES_ROUTE, { q: code }), DELIVERIES_ROUTE.responses[200]);
        answer.ready = matches.zones.flatMap((z) => z.packages);
      }
      setFound(answer.ready);
      scanFeedback(answer.ready.length > 0 ? "ok" : "error");
      if (answer.ready.length === 1) setDelivering(answer.ready[0]);
      if (answer.ready.length === 0) {
        const waiting = answer.notReady[0];
        toast({
          title: DELIVERIES_SCAN_NONE,
          description: waiting ? notReadyScanMessage(waiting.trackingCode, trackingStatusLabel(waiting.estado, waiting.origen)) : code,
          variant: "destructive",
        });
      }
    } catch (err) {
      scanFeedback("error");
      fail(err, DELIVERIES_SCAN_NONE);
    } finally {
      setScanning(false);
    }
  };

  const delivered = () => {
    const id = delivering?.id;
    setDelivering(null);
    setFound((current) => current?.filter((p) => p.id !== id) ?? null);
    void queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
  };

  return (
    <section className="grid gap-4" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title" className="text-xl font-semibold text-ink">
        {DELIVERIES_TITLE}
        {list.data ? <span className="ml-2 text-base font-normal text-muted">({list.data.total})</span> : null}
      </h2>
      <ScanField id="deliveries-scan" label={DELIVERIES_SCAN_LABEL} onScan={(code) => void scan(code)} busy={scanning} />
      {found && found.length > 0 ? (
        <ul aria-label="Encontrados" className="rounded-lg border border-primary bg-white px-3">
          {found.map((pkg) => (
            <PackageItem key={pkg.id} pkg={pkg} office={office} onDeliver={setDelivering} />
          ))}
        </ul>
      ) : null}
      {list.isPending ? <PanelLoading /> : null}
      {list.error ? <PanelMessage tone="error">{DELIVERIES_LOAD_FAILED}</PanelMessage> : null}
      {list.data && list.data.total === 0 ? <PanelMessage>{DELIVERIES_EMPTY}</PanelMessage> : null}
      {list.data?.zones.map((zone) => (
        <ZoneGroup key={zone.key} zone={zone} initiallyOpen={list.data.zones.length <= 3} office={office} onDeliver={setDelivering} />
      ))}
      {delivering ? <DeliverDialog pkg={delivering} onClose={() => setDelivering(null)} onDelivered={delivered} /> : null}
    </section>
  );
}
