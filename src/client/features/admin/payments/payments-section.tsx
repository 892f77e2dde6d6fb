// Pagos (issue 21, docs/decisions/136), mobile first: the clients' SINPE receipts to review,
// recording a payment, and the payments with their receipts and reversals.
import { PAYMENTS_TITLE } from "../../../../shared/api/admin/payments";
import { PaymentsList } from "./payments-list";
import { ProofsPanel } from "./proofs-panel";
import { RecordPayment } from "./record-payment";

export function PaymentsSection() {
  return (
    <section className="grid gap-6" aria-labelledby="payments-title">
      <h2 id="payments-title" className="text-xl font-semibold text-ink">
        {PAYMENTS_TITLE}
      </h2>
      <ProofsPanel />
      <RecordPayment />
      <PaymentsList />
    </section>
  );
}
