// "Entregar" (issue 20): who received the package (required: it is the record), an optional
// photo taken with the phone's camera, the optional signature drawn with a finger, notes. The
// photo and the signature are uploaded first (POST /api/admin/photos), then the delivery names them.
import { useRef, useState, type FormEvent } from "react";
import { Dialog, DialogContent, DialogFormActions } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/use-toast";
import { sendAdminJson, useChangeErrorToast } from "../../../lib/admin/admin-api";
import { uploadStaffPhoto } from "../../../lib/admin/staff-photos";
import { SignaturePad, type SignaturePadHandle } from "./signature-pad";
import { useUnpaidDeliveryChoice } from "../../../lib/admin/unpaid-delivery";
import { formatColones } from "../../../../shared/domain/format";
import { deliverWithBalanceButton } from "../../../../shared/api/admin/trackings";
import {
  DELIVER_CONFIRM,
  DELIVER_FAILED,
  DELIVERY_NOTES_LABEL,
  DELIVERY_NOTES_MAX,
  DELIVERY_PHOTO_LABEL,
  RECEIVER_LABEL,
  RECEIVER_NAME_MAX,
  RECEIVER_REQUIRED,
  SIGNATURE_TITLE,
  DELIVER_ROUTE,
  deliveredToast,
  type TDeliveryPackage,
} from "../../../../shared/api/admin/deliveries";
import { routePath } from "../../../../shared/api/contract";

/** What the dialog needs of a package: office and Bodega pass the Entregas row, the Mensajero a package of their list (no client code). */
export type DeliverablePackage = Pick<TDeliveryPackage, "id" | "trackingCode" | "clientName" | "saldoColones"> & { clientCode?: string };

export function DeliverDialog({ pkg, onClose, onDelivered }: { pkg: DeliverablePackage; onClose: () => void; onDelivered: () => void }) {
  const [recibidoPor, setRecibidoPor] = useState("");
  const [notas, setNotas] = useState("");
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const signature = useRef<SignaturePadHandle>(null);
  const fail = useChangeErrorToast();
  // 'Entregar con saldo pendiente' (docs/decisions/139): asked here when the package has a saldo;
  // a 409 UNPAID_DELIVERY anyway (paid amounts changed meanwhile) offers the same shared confirm.
  const [withBalance, setWithBalance] = useState(false);
  const unpaid = useUnpaidDeliveryChoice();
  const hasBalance = pkg.saldoColones > 0;

  const send = async (body: Record<string, unknown>) => {
    setPending(true);
    try {
      const result = await sendAdminJson("POST", routePath(DELIVER_ROUTE, { id: pkg.id }), DELIVER_ROUTE.responses[200], body);
      toast({ title: deliveredToast(result.recibidoPor), description: pkg.trackingCode });
      onDelivered();
    } catch (err) {
      if (!unpaid.offer(err, () => void send({ ...body, entregarConSaldo: true }))) fail(err, DELIVER_FAILED);
    } finally {
      setPending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = recibidoPor.trim();
    if (!name) {
      setError(RECEIVER_REQUIRED);
      return;
    }
    setError(undefined);
    setPending(true);
    let body: Record<string, unknown>;
    try {
      // Uploaded once: a confirmed re-send names the same photos.
      const photos = photo ? [(await uploadStaffPhoto(photo)).name] : [];
      const drawn = await signature.current?.toPng();
      const signed = drawn ? (await uploadStaffPhoto(drawn, { exact: true })).name : undefined;
      body = {
        recibidoPor: name,
        photos,
        ...(signed ? { signature: signed } : {}),
        ...(notas.trim() ? { notas } : {}),
        ...(hasBalance && withBalance ? { entregarConSaldo: true } : {}),
      };
    } catch (err) {
      fail(err, DELIVER_FAILED);
      setPending(false);
      return;
    }
    await send(body);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={`Entregar ${pkg.trackingCode}`} description={pkg.clientCode ? `${pkg.clientName} · ${pkg.clientCode}` : pkg.clientName}>
        {hasBalance ? (
          <div className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-semibold">Saldo pendiente: {formatColones(pkg.saldoColones)}</p>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                checked={withBalance}
                onChange={(e) => setWithBalance(e.target.checked)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
              />
              <span>{deliverWithBalanceButton(pkg.saldoColones)}</span>
            </label>
          </div>
        ) : null}
        <form method="post" onSubmit={submit} className="grid gap-4" noValidate>
          <FormField id="deliver-receiver" label={RECEIVER_LABEL} error={error}>
            {(control) => (
              <Input
                {...control}
                value={recibidoPor}
                onChange={(e) => setRecibidoPor(e.target.value)}
                maxLength={RECEIVER_NAME_MAX}
                autoComplete="off"
                required
                className="h-12 text-base"
              />
            )}
          </FormField>
          <FormField id="deliver-photo" label={DELIVERY_PHOTO_LABEL} optional>
            {(control) => (
              <Input
                {...control}
                type="file"
                accept="image/*"
                capture="environment"
                onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
                className="h-auto py-2"
              />
            )}
          </FormField>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium text-ink">
              {SIGNATURE_TITLE} <span className="font-normal text-muted">(opcional)</span>
            </legend>
            <SignaturePad ref={signature} id="deliver-signature" />
          </fieldset>
          <FormField id="deliver-notes" label={DELIVERY_NOTES_LABEL} optional>
            {(control) => <Textarea {...control} value={notas} onChange={(e) => setNotas(e.target.value)} maxLength={DELIVERY_NOTES_MAX} rows={2} />}
          </FormField>
          <DialogFormActions submitLabel={DELIVER_CONFIRM} pending={pending} />
        </form>
        {unpaid.dialog}
      </DialogContent>
    </Dialog>
  );
}
