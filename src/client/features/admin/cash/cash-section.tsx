// Caja y por cobrar (issue 21): the day's cierre de caja per staff member and method, and the
// clients with amounts due.
export function CashSection() {
  return <p>Caja</p>;
}
