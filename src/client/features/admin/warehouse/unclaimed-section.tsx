// Sin dueño (issue 20): placeholder until the section lands in this same change.
export function UnclaimedSection() {
  return <p className="text-sm text-muted-foreground">Sin dueño</p>;
}
