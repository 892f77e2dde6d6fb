// Entregas (issue 20): placeholder until the section lands in this same change.
export function DeliveriesSection() {
  return <p className="text-sm text-muted-foreground">Entregas</p>;
}
