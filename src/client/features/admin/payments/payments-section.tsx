// Pagos (issue 21): the clients' SINPE receipts to review, recording a payment, the payments with
// their receipts and reversals.
export function PaymentsSection() {
  return <p>Pagos</p>;
}
