// Recepción (issue 20, docs/decisions/128): the warehouse scans a package, types its weight (or
// its three measures for sea freight) and presses Enter; the focus goes back to the scan field for
// the next one. Several clients with one number: choose. No pre-alert: register it Sin dueño.
// Below, the receipts of this session.
import { Link } from "wouter";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { ScanField } from "../../../components/scan-field";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { brand } from "../../../lib/brand";
import { toast } from "../../../components/ui/use-toast";
import { errorMessageFrom } from "../../../lib/api";
import { useAdminSession } from "../../../lib/admin/admin-session";
import { PrintLabelsButton } from "../../../lib/admin/print-labels";
import { STATUS_TONES } from "../../../lib/admin/status-tones";
import { trackingStatusLabel } from "../../../../shared/domain/statuses";
import { formatDateTime, formatUsd, formatWholeNumber } from "../../../../shared/domain/format";
import { DISCREPANCY_KINDS, DISCREPANCY_KIND_LABELS, DISCREPANCY_NOTE_MAX, discrepancyText, volumetricChargeText, type DiscrepancyKind } from "../../../../shared/api/declared";
import type { TReceptionPackage, TWarehouseScanResponse } from "../../../../shared/api/admin/warehouse";
import { centimetres, createUnclaimed, receivePackage, scanCode, wholeGrams } from "./warehouse-api";
import { PhotoPicker } from "./photo-picker";
import { InvoiceFileButton } from "../../../components/invoice-file-button";
import { invoiceSummary, type TPackageInvoice } from "../../../../shared/api/purchase-invoices";
import { StaffInvoiceAttach } from "../../../lib/admin/staff-invoice";
import { STAFF_INVOICE_FILE_ROUTE } from "../../../../shared/api/purchase-invoice-routes";
import { routePath } from "../../../../shared/api/contract";
import { scanFeedback } from "../../../lib/scan-feedback";

/** How many of this session's receipts stay listed. */
const RECEIPTS_SHOWN = 20;

interface Receipt {
  id: number;
  trackingCode: string;
  clientCode: string;
  clientName: string;
  measure: string;
  /** Registered Sin dueño rather than received for a client. */
  unclaimed?: boolean;
}

export function ReceptionSection() {
  const { handleUnauthorized } = useAdminSession();
  const scanRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<TWarehouseScanResponse | null>(null);
  // The package being received: one of the scan's answer (an invoice attached updates it there).
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = found?.packages.find((p) => p.id === chosenId) ?? null;
  const [registering, setRegistering] = useState(false);
  const [receipts, setReceipts] = useState<Receipt[]>([]);
  const [count, setCount] = useState(0);

  const backToScan = () => {
    setFound(null);
    setChosenId(null);
    setRegistering(false);
    // After React has removed the form.
    setTimeout(() => scanRef.current?.focus(), 0);
  };

  const onScan = async (text: string) => {
    setBusy(true);
    setRegistering(false);
    try {
      const answer = await scanCode(text);
      setFound(answer);
      setChosenId(answer.packages.length === 1 ? answer.packages[0].id : null);
      // Found a pre-alert: the high beep; no pre-alert (Sin dueño) or already received: the low one.
      scanFeedback(answer.packages.some((p) => !p.alreadyReceived) ? "ok" : "error");
    } catch (err) {
      scanFeedback("error");
      if (!handleUnauthorized(err)) toast({ title: "Error", description: errorMessageFrom(err, "No se pudo buscar el paquete"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const onDone = (receipt: Receipt) => {
    setReceipts((list) => [receipt, ...list].slice(0, RECEIPTS_SHOWN));
    setCount((n) => n + 1);
    toast({ title: receipt.unclaimed ? "Registrado sin dueño" : "Recibido", description: `${receipt.trackingCode} · ${receipt.measure}` });
    backToScan();
  };

  // An invoice staff attached (docs/decisions/241), in the scan's answer the card shows.
  const onInvoice = (id: number, factura: TPackageInvoice) =>
    setFound((f) => f && { ...f, packages: f.packages.map((p) => (p.id === id ? { ...p, factura } : p)) });

  const waiting = found && found.packages.length === 0;
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <ScanField ref={scanRef} id="recepcion-scan" label="Número de guía o etiqueta" onScan={onScan} busy={busy} />

      {found && found.packages.length > 1 && !chosen ? (
        <Card className="space-y-2 p-4">
          <p className="text-sm font-medium text-ink">Varios clientes pre-alertaron {found.trackingCode}: elige a quién pertenece</p>
          {found.packages.map((p) => (
            <Button key={p.id} variant="outline" size="lg" className="h-auto w-full justify-start py-3 text-left" onClick={() => setChosenId(p.id)}>
              <span className="font-semibold">{p.clientCode}</span>
              <span className="ml-2 truncate">{p.clientName}</span>
            </Button>
          ))}
        </Card>
      ) : null}

      {chosen ? <ReceiveCard key={chosen.id} pkg={chosen} onDone={onDone} onCancel={backToScan} onInvoice={onInvoice} /> : null}

      {waiting ? (
        <Card className="space-y-3 p-4" role="status">
          <p className="flex items-start gap-2 font-medium text-ink">
            <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden="true" />
            <span className="break-all">No hay pre-alerta para {found.trackingCode ?? "esta etiqueta"}</span>
          </p>
          {found.unclaimed ? (
            <p className="text-sm text-muted">
              Ya está en Sin dueño desde el {formatDateTime(found.unclaimed.receivedAt)}
              {found.unclaimed.receivedBy ? ` (${found.unclaimed.receivedBy})` : ""}.
            </p>
          ) : found.trackingCode && !registering ? (
            <Button size="lg" className="w-full" onClick={() => setRegistering(true)}>
              Registrar sin dueño
            </Button>
          ) : null}
          {registering && found.trackingCode ? (
            <UnclaimedForm trackingCode={found.trackingCode} carrier={found.carrier} onDone={onDone} onCancel={backToScan} />
          ) : null}
        </Card>
      ) : null}

      {/* Issue 32 (decision 152): a package without a weight or an amount never becomes ready. */}
      <p className="text-sm">
        <Link href="~/admin/paquetes?sinMonto=1" className="font-medium text-primary underline underline-offset-2">
          Paquetes en bodega sin peso o monto
        </Link>
      </p>

      <section aria-labelledby="recepcion-sesion" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="recepcion-sesion" className="text-sm font-semibold text-ink">
            Recibidos en esta sesión: {count}
          </h2>
          {/* A4 sheets of the labels of the packages listed (Sin dueño rows have no label until claimed). */}
          <PrintLabelsButton size="sm" format="a4" ids={receipts.filter((r) => !r.unclaimed).map((r) => r.id)} label="Etiquetas en hoja A4" />
        </div>
        {receipts.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white text-sm">
            {receipts.map((r) => (
              <li key={`${r.unclaimed ? "u" : "p"}${r.id}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2">
                <span className="min-w-0 break-all font-mono">{r.trackingCode}</span>
                <span className="text-muted">
                  {r.unclaimed ? "Sin dueño" : `${r.clientCode} · ${r.clientName}`} · {r.measure}
                </span>
                {r.unclaimed ? null : <PrintLabelsButton size="sm" ids={[r.id]} label="Etiqueta" aria-label={`Imprimir etiqueta de ${r.trackingCode}`} />}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

function ReceiveCard({
  pkg,
  onDone,
  onCancel,
  onInvoice,
}: {
  pkg: TReceptionPackage;
  onDone: (r: Receipt) => void;
  onCancel: () => void;
  onInvoice: (id: number, factura: TPackageInvoice) => void;
}) {
  const [grams, setGrams] = useState("");
  const [sizes, setSizes] = useState({ largo: "", ancho: "", alto: "" });
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [flag, setFlag] = useState<{ on: boolean; tipo: DiscrepancyKind; nota: string }>({ on: false, tipo: "PESO", nota: "" });
  const { handleUnauthorized } = useAdminSession();
  const barco = pkg.formaEnvio === "BARCO";
  // With the volumetric rule on (docs/decisions/159) air takes the measures too, optionally.
  const airSizes = !barco && brand.pricing.volumetricDivisorCm3PerKg > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || uploading) return;
    setPending(true);
    setError(null);
    try {
      const measured = { largoCm: centimetres(sizes.largo), anchoCm: centimetres(sizes.ancho), altoCm: centimetres(sizes.alto) };
      const diferencia = flag.on ? { tipo: flag.tipo, nota: flag.nota } : undefined;
      const body = barco
        ? { trackingId: pkg.id, ...measured, photos, diferencia }
        : { trackingId: pkg.id, pesoGramos: wholeGrams(grams), ...(airSizes ? measured : {}), photos, diferencia };
      const { package: received } = await receivePackage(body);
      const charged = received.pesoVolumetricoGramos === null ? "" : ` · ${volumetricChargeText(received.pesoVolumetricoGramos)}`;
      onDone({
        id: received.id,
        trackingCode: received.trackingCode,
        clientCode: received.clientCode,
        clientName: received.clientName,
        measure: (barco ? `${received.pieCubicos ?? "—"} pie³` : `${received.pesoGramos} g`) + charged,
      });
    } catch (err) {
      if (!handleUnauthorized(err)) setError(errorMessageFrom(err, "No se pudo recibir el paquete"));
      setPending(false);
    }
  };

  return (
    <Card className="space-y-3 p-4">
      <div className="space-y-1">
        <p className="text-2xl font-bold text-ink">{pkg.clientCode}</p>
        <p className="text-lg font-semibold text-ink">{pkg.clientName}</p>
        <p className="break-all font-mono text-sm text-muted">{pkg.trackingCode}</p>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={STATUS_TONES[pkg.estado]}>{trackingStatusLabel(pkg.estado, pkg.origen)}</Badge>
          <span className="text-muted">{barco ? "Barco" : "Avión"}</span>
          {pkg.carrier ? <span className="text-muted">{pkg.carrier}</span> : null}
        </div>
        <DeclaredFacts pkg={pkg} />
        {/* The invoice the client sent by WhatsApp, or the one in the box (docs/decisions/241). */}
        <StaffInvoiceAttach trackingId={pkg.id} trackingCode={pkg.trackingCode} hasInvoice={pkg.factura !== null} onAttached={(factura) => onInvoice(pkg.id, factura)} />
      </div>
      {pkg.alreadyReceived ? (
        <div className="space-y-3">
          <p role="alert" className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">
            <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            Ya recibido. {pkg.alreadyReceived}
          </p>
          <Button variant="outline" size="lg" className="w-full" onClick={onCancel}>
            Escanear otro
          </Button>
        </div>
      ) : (
        <form method="post" onSubmit={submit} className="space-y-3" aria-label="Recibir paquete">
          {barco ? (
            <SizesFieldset legend="Medidas en centímetros" sizes={sizes} setSizes={setSizes} autoFocus />
          ) : (
            <div className="space-y-1.5">
              <Label htmlFor="recibir-peso">Peso en gramos</Label>
              <Input
                id="recibir-peso"
                inputMode="numeric"
                autoComplete="off"
                autoFocus
                enterKeyHint="done"
                className="h-14 text-2xl"
                value={grams}
                onChange={(e) => setGrams(e.target.value)}
              />
            </div>
          )}
          {airSizes ? <SizesFieldset legend="Medidas en centímetros (opcional: peso volumétrico)" sizes={sizes} setSizes={setSizes} /> : null}
          <DiscrepancyFields flag={flag} setFlag={setFlag} />
          <PhotoPicker label="Fotos del paquete" names={photos} onChange={setPhotos} onBusyChange={setUploading} />
          <FormEnd error={error} busy={pending} uploading={uploading} onCancel={onCancel}>
            <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
            Recibir
          </FormEnd>
        </form>
      )}
    </Card>
  );
}

type Sizes = { largo: string; ancho: string; alto: string };

function SizesFieldset({ legend, sizes, setSizes, autoFocus = false }: { legend: string; sizes: Sizes; setSizes: (update: (s: Sizes) => Sizes) => void; autoFocus?: boolean }) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="grid grid-cols-3 gap-2">
        {(["largo", "ancho", "alto"] as const).map((side, index) => (
          <div key={side} className="space-y-1">
            <Label htmlFor={`recibir-${side}`} className="capitalize">
              {side}
            </Label>
            <Input
              id={`recibir-${side}`}
              inputMode="decimal"
              autoComplete="off"
              autoFocus={autoFocus && index === 0}
              value={sizes[side]}
              onChange={(e) => setSizes((s) => ({ ...s, [side]: e.target.value }))}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** What the client declared at pre-alert, for staff to compare with the package in hand (issue 32 item 5). */
function DeclaredFacts({ pkg }: { pkg: TReceptionPackage }) {
  const facts: [string, string][] = [];
  if (pkg.descripcionPaquete) facts.push(["Contenido", pkg.descripcionPaquete]);
  if (pkg.tiendaOrigen) facts.push(["Tienda", pkg.tiendaOrigen]);
  if (pkg.valorDeclarado !== null) facts.push(["Valor", formatUsd(pkg.valorDeclarado)]);
  if (pkg.pesoEstimado !== null && pkg.formaEnvio === "AVION") facts.push(["Peso", `${formatWholeNumber(pkg.pesoEstimado)} g`]);
  if (pkg.factura) facts.push(["Factura", invoiceSummary(pkg.factura)]);
  return (
    <div className="space-y-1 pt-1 text-sm">
      {facts.length > 0 ? (
        <div className="rounded-md bg-primary-soft p-2">
          <p id="recibir-declarado" className="font-medium text-ink">
            Declarado por el cliente
          </p>
          <dl aria-labelledby="recibir-declarado" className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted">{term}</dt>
                <dd className="min-w-0 break-words text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          {pkg.factura ? (
            <div className="mt-1.5">
              <InvoiceFileButton url={routePath(STAFF_INVOICE_FILE_ROUTE, { id: pkg.id })} trackingCode={pkg.trackingCode} />
            </div>
          ) : null}
        </div>
      ) : (
        <p className="text-muted">El cliente no declaró contenido ni valor.</p>
      )}
      {pkg.diferencia ? <p className="font-medium text-amber-900">{discrepancyText(pkg.diferencia)}</p> : null}
    </div>
  );
}

type Flag = { on: boolean; tipo: DiscrepancyKind; nota: string };

/** "Diferencia con lo declarado": what did not match, with a short note the client will read. */
function DiscrepancyFields({ flag, setFlag }: { flag: Flag; setFlag: (update: (f: Flag) => Flag) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Diferencia con lo declarado</legend>
      <label className="flex items-center gap-2 text-sm font-medium text-ink">
        <input type="checkbox" className="h-5 w-5" checked={flag.on} onChange={(e) => setFlag((f) => ({ ...f, on: e.target.checked }))} />
        Diferencia con lo declarado
      </label>
      {flag.on ? (
        <div className="grid gap-2">
          <div className="space-y-1">
            <Label htmlFor="recibir-diferencia-tipo">Qué no coincide</Label>
            <Select id="recibir-diferencia-tipo" value={flag.tipo} onChange={(e) => setFlag((f) => ({ ...f, tipo: e.target.value as DiscrepancyKind }))}>
              {DISCREPANCY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {DISCREPANCY_KIND_LABELS[kind]}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="recibir-diferencia-nota">Nota para el cliente</Label>
            <Input
              id="recibir-diferencia-nota"
              autoComplete="off"
              maxLength={DISCREPANCY_NOTE_MAX}
              placeholder="Declaró 1 kg, pesa 3,4 kg"
              value={flag.nota}
              onChange={(e) => setFlag((f) => ({ ...f, nota: e.target.value }))}
            />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}

function UnclaimedForm({
  trackingCode,
  carrier,
  onDone,
  onCancel,
}: {
  trackingCode: string;
  carrier: string | null;
  onDone: (r: Receipt) => void;
  onCancel: () => void;
}) {
  const [fields, setFields] = useState({ carrier: carrier ?? "", clientCodeHint: "", grams: "" });
  const [labelPhotos, setLabelPhotos] = useState<string[]>([]);
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { handleUnauthorized } = useAdminSession();
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || uploading) return;
    setPending(true);
    setError(null);
    try {
      const { unclaimed } = await createUnclaimed({
        trackingCode,
        carrier: fields.carrier,
        clientCodeHint: fields.clientCodeHint,
        pesoGramos: fields.grams.trim() ? (wholeGrams(fields.grams) ?? -1) : null,
        labelPhotos,
        photos,
      });
      onDone({
        id: unclaimed.id,
        trackingCode: unclaimed.trackingCode,
        clientCode: "",
        clientName: "",
        measure: unclaimed.pesoGramos === null ? "sin peso" : `${unclaimed.pesoGramos} g`,
        unclaimed: true,
      });
    } catch (err) {
      if (!handleUnauthorized(err)) setError(errorMessageFrom(err, "No se pudo registrar el paquete"));
      setPending(false);
    }
  };

  return (
    <form method="post" onSubmit={submit} className="space-y-3" aria-label="Registrar sin dueño">
      <div className="space-y-1.5">
        <Label htmlFor="sd-peso">Peso en gramos</Label>
        <Input id="sd-peso" inputMode="numeric" autoComplete="off" autoFocus value={fields.grams} onChange={set("grams")} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="sd-codigo" optional>
          Código de cliente en la etiqueta
        </Label>
        <Input id="sd-codigo" autoComplete="off" autoCapitalize="characters" placeholder="EX…" value={fields.clientCodeHint} onChange={set("clientCodeHint")} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="sd-carrier" optional>
          Empresa de envío
        </Label>
        <Input id="sd-carrier" autoComplete="off" value={fields.carrier} onChange={set("carrier")} />
      </div>
      <PhotoPicker label="Foto de la etiqueta" names={labelPhotos} onChange={setLabelPhotos} onBusyChange={setUploading} />
      <PhotoPicker label="Otras fotos" names={photos} onChange={setPhotos} onBusyChange={setUploading} />
      <FormEnd error={error} busy={pending} uploading={uploading} onCancel={onCancel}>
        Registrar sin dueño
      </FormEnd>
    </form>
  );
}

/** The end of the receive and Sin dueño forms: the error, Cancelar, and the submit button. */
function FormEnd({ error, busy, uploading, onCancel, children }: { error: string | null; busy: boolean; uploading: boolean; onCancel: () => void; children: ReactNode }) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="outline" size="lg" className="w-full" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" size="lg" className="w-full" disabled={busy || uploading}>
          {children}
        </Button>
      </div>
    </>
  );
}
