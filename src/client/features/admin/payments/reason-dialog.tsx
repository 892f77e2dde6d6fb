// The dialog that asks why before an irreversible step (reversing a payment, rejecting a client's
// SINPE receipt): a required reason of at least REVERSAL_REASON_MIN characters, then `send`;
// a refusal is shown as a toast and the dialog stays open.
import { useState, type FormEvent } from "react";
import { Dialog, DialogContent, DialogFormActions } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Textarea } from "../../../components/ui/textarea";
import { useChangeErrorToast } from "../../../lib/admin/admin-api";
import { REASON_MAX, REVERSAL_REASON_MIN } from "../../../../shared/api/admin/payments";

export function ReasonDialog({
  id,
  title,
  description,
  label,
  required,
  submitLabel,
  failed,
  send,
  onClose,
}: {
  id: string;
  title: string;
  description: string;
  label: string;
  /** The message when the reason is missing or too short. */
  required: string;
  submitLabel: string;
  /** The toast's fallback when the server refuses. */
  failed: string;
  send: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const fail = useChangeErrorToast();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < REVERSAL_REASON_MIN) {
      setError(required);
      return;
    }
    setPending(true);
    try {
      await send(reason);
      onClose();
    } catch (err) {
      fail(err, failed);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={title} description={description}>
        <form method="post" onSubmit={submit} className="grid gap-4" noValidate>
          <FormField id={id} label={label} error={error}>
            {(control) => <Textarea {...control} rows={3} maxLength={REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </FormField>
          <DialogFormActions submitLabel={submitLabel} pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
