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
  ZDeliveryResponseSchema,
  deliveredToast,
  type TDeliveryPackage,
} from "../../../../shared/api/admin/deliveries";

export function DeliverDialog({ pkg, onClose, onDelivered }: { pkg: TDeliveryPackage; onClose: () => void; onDelivered: () => void }) {
  const [recibidoPor, setRecibidoPor] = useState("");
  const [notas, setNotas] = useState("");
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const signature = useRef<SignaturePadHandle>(null);
  const fail = useChangeErrorToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = recibidoPor.trim();
    if (!name) {
      setError(RECEIVER_REQUIRED);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      const photos = photo ? [(await uploadStaffPhoto(photo)).name] : [];
      const drawn = await signature.current?.toPng();
      const signed = drawn ? (await uploadStaffPhoto(drawn, { exact: true })).name : undefined;
      const result = await sendAdminJson("POST", `/api/admin/deliveries/${pkg.id}`, ZDeliveryResponseSchema, {
        recibidoPor: name,
        photos,
        ...(signed ? { signature: signed } : {}),
        ...(notas.trim() ? { notas } : {}),
      });
      toast({ title: deliveredToast(result.recibidoPor), description: pkg.trackingCode });
      onDelivered();
    } catch (err) {
      fail(err, DELIVER_FAILED);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={`Entregar ${pkg.trackingCode}`} description={`${pkg.clientName} · ${pkg.clientCode}`}>
        <form onSubmit={submit} className="grid gap-4" noValidate>
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
      </DialogContent>
    </Dialog>
  );
}
