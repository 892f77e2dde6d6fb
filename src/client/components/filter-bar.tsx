// The filter bar of a back-office list whose filters live in the address (useUrlFilters): a
// search landmark of labelled fields in a grid that is one column on a phone, and "Limpiar
// filtros" under it while any filter is set. Each field writes its value back at once; text
// fields replace the address entry rather than adding one per keystroke.

import type { ReactNode } from "react";
import { RotateCcw } from "lucide-react";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { Select } from "./ui/select";
import { cn } from "../lib/cn";

const COLUMNS = { 3: "lg:grid-cols-3", 4: "lg:grid-cols-4", 5: "lg:grid-cols-5" } as const;

export function FilterBar({
  label,
  columns,
  filtering,
  onClear,
  children,
}: {
  /** The landmark's name, e.g. "Filtros de la bandeja". */
  label: string;
  /** Columns on a wide screen (two from sm, one on a phone). */
  columns: keyof typeof COLUMNS;
  /** Any filter set: "Limpiar filtros" shows. */
  filtering: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <form method="post" role="search" aria-label={label} onSubmit={(e) => e.preventDefault()} className={cn("grid gap-3 sm:grid-cols-2", COLUMNS[columns])}>
        {children}
      </form>
      {filtering ? (
        <Button variant="ghost" size="sm" className="mt-2" onClick={onClear}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          Limpiar filtros
        </Button>
      ) : null}
    </>
  );
}

/** A choice with "all" first ("Todos" or "Todas"), then `options` as [value, label]. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  all,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  all: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="mt-1.5">
        <option value="">{all}</option>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** A text or date field. */
export function FilterInput({
  id,
  label,
  value,
  onChange,
  type = "text",
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "date";
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type={type} value={value} onChange={(e) => onChange(e.target.value)} className="mt-1.5" />
    </div>
  );
}
