// "Enviar comprobante" (issue 21, decision 135): the photo of a SINPE transfer (the site's image
// upload, same limits and Spanish errors), an optional reference, for one package or for the whole
// balance. The server's schema checks it here first; the toast says it was sent.

import { useEffect, useState, type FormEvent } from "react";
import { Dialog, DialogContent, DialogFormActions } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { ImageUpload } from "../../components/image-upload";
import { toast } from "../../components/ui/use-toast";
import { errorMessageFrom } from "../../lib/api";
import { formatColones } from "../../../shared/domain/format";
import { ERROR_TITLE } from "../../../shared/api/clients";
import {
  PROOF_DIALOG_TITLE,
  PROOF_FAILED_FALLBACK,
  PROOF_IMAGE_LABEL,
  PROOF_REFERENCE_HINT,
  PROOF_REFERENCE_LABEL,
  PROOF_REFERENCE_MAX,
  PROOF_SENT_DESCRIPTION,
  PROOF_SENT_TITLE,
  ZPaymentProofRequestSchema,
  proofDialogDescription,
} from "../../../shared/api/payments";
import { useSendPaymentProof } from "./use-client-trackings";

/** What the receipt pays: one package (its code) or the whole balance (trackingId null). */
export interface ProofTarget {
  trackingId: number | null;
  /** "1Z999…" or "saldo total". */
  what: string;
  amountColones: number;
}

export interface PaymentProofDialogProps {
  clientCode: string;
  /** Null: closed. */
  target: ProofTarget | null;
  onClose: () => void;
}

export function PaymentProofDialog({ clientCode, target, onClose }: PaymentProofDialogProps) {
  const send = useSendPaymentProof(clientCode);
  const [image, setImage] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<{ image?: string; reference?: string }>({});

  // Each opening starts blank.
  useEffect(() => {
    if (target) {
      setImage(null);
      setReference("");
      setErrors({});
    }
  }, [target]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || uploading) return;
    const parsed = ZPaymentProofRequestSchema.safeParse({ clientCode, trackingId: target.trackingId, imageUrl: image ?? "", reference });
    if (!parsed.success) {
      const of = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({ image: of("imageUrl"), reference: of("reference") });
      return;
    }
    setErrors({});
    send.mutate(
      { clientCode, trackingId: target.trackingId, imageUrl: image ?? "", reference: reference || null },
      {
        onSuccess: () => {
          toast({ title: PROOF_SENT_TITLE, description: PROOF_SENT_DESCRIPTION });
          onClose();
        },
        onError: (error) => toast({ variant: "destructive", title: ERROR_TITLE, description: errorMessageFrom(error, PROOF_FAILED_FALLBACK) }),
      },
    );
  }

  const pending = send.isPending || uploading;
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !send.isPending) onClose();
      }}
    >
      {target ? (
        <DialogContent title={PROOF_DIALOG_TITLE} description={proofDialogDescription(target.what, formatColones(target.amountColones))}>
          <form method="post" noValidate onSubmit={submit} className="grid gap-4">
            <div>
              <ImageUpload
                value={image}
                onChange={(path) => {
                  setImage(path);
                  if (path) setErrors((current) => ({ ...current, image: undefined }));
                }}
                onUploadingChange={setUploading}
                label={PROOF_IMAGE_LABEL}
                previewAlt="Vista previa del comprobante SINPE"
                hint="Una captura de pantalla del comprobante sirve."
                optional={false}
              />
              {errors.image ? (
                <p role="alert" className="mt-1 text-sm font-medium text-destructive-hover">
                  {errors.image}
                </p>
              ) : null}
            </div>
            <FormField id="comprobante-referencia" label={PROOF_REFERENCE_LABEL} optional hint={PROOF_REFERENCE_HINT} error={errors.reference}>
              {(control) => (
                <Input
                  {...control}
                  value={reference}
                  onChange={(event) => setReference(event.target.value)}
                  maxLength={PROOF_REFERENCE_MAX + 8}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  inputMode="text"
                />
              )}
            </FormField>
            <DialogFormActions submitLabel={send.isPending ? "Enviando…" : "Enviar"} pending={pending} />
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
