// Recepción (issue 20): placeholder until the section lands in this same change.
export function ReceptionSection() {
  return <p className="text-sm text-muted-foreground">Recepción</p>;
}
