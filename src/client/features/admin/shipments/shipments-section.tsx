// Embarques (issue 20): placeholder until the section lands in this same change.
export function ShipmentsSection() {
  return <p className="text-sm text-muted-foreground">Embarques</p>;
}
