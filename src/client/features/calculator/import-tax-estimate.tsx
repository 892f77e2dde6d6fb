// The import taxes beside the freight (issue 36 item 1; decision 208): the declared value and the
// kind of product give a range, always said to be an estimate. The rates come from the brand
// (IMPORT_TAX_CATEGORIES), the formula from shared/domain/import-taxes.ts.

import { useId, useState } from "react";
import { Link } from "wouter";
import { estimateImportTaxes } from "../../../shared/domain/import-taxes";
import { parseDecimalInput } from "../../../shared/domain/pricing";
import { formatColones, formatUsd } from "../../../shared/domain/format";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { brand } from "../../lib/brand";

/** Declared values beyond this are not a courier parcel: quoted by WhatsApp. */
export const DECLARED_USD_MAX = 100_000;
export const DECLARED_USD_INVALID = "Escribe el valor de tu compra en dólares, por ejemplo 120 o 89,99";

export function ImportTaxEstimate({ freightUsd, rate }: { freightUsd: number; rate: number }) {
  const id = useId();
  const categories = brand.importTaxes;
  const [declared, setDeclared] = useState("");
  const [categoryId, setCategoryId] = useState(categories[0]?.id ?? "");
  const category = categories.find((c) => c.id === categoryId) ?? categories[0];
  const typed = declared.trim() === "" ? null : parseDecimalInput(declared);
  const invalid = declared.trim() !== "" && (typed === null || typed > DECLARED_USD_MAX);
  const estimate = category && typed !== null && !invalid ? estimateImportTaxes(typed, freightUsd, category) : null;
  const same = estimate !== null && estimate.low.totalUsd === estimate.high.totalUsd;

  return (
    <section aria-labelledby={`${id}-titulo`} className="mt-6 rounded-lg border border-slate-200 p-4 sm:p-5">
      <h3 id={`${id}-titulo`} className="text-sm font-semibold text-ink">
        Impuestos de importación (estimado)
      </h3>
      <p className="mt-1 text-sm text-muted">
        Aduanas los cobra sobre el valor de tu compra más el flete y el seguro. Nosotros los pagamos por ti y te los
        cobramos con la entrega.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-valor`} label="Valor de la compra (USD)" error={invalid ? DECLARED_USD_INVALID : undefined}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              placeholder="120"
              value={declared}
              onChange={(event) => setDeclared(event.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${id}-tipo`} label="Tipo de producto">
          {(control) => (
            <Select {...control} value={category?.id ?? ""} onChange={(event) => setCategoryId(event.target.value)}>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <p className="mt-4 text-sm text-ink" aria-live="polite" data-testid="impuestos-estimado">
        {estimate
          ? same
            ? `Impuestos estimados: ${formatUsd(estimate.low.totalUsd)} (${formatColones(estimate.low.totalUsd * rate)}).`
            : `Impuestos estimados: entre ${formatUsd(estimate.low.totalUsd)} y ${formatUsd(estimate.high.totalUsd)} (${formatColones(estimate.low.totalUsd * rate)} a ${formatColones(estimate.high.totalUsd * rate)}).`
          : "Escribe el valor de tu compra para estimar los impuestos."}
      </p>
      <p className="mt-2 text-xs text-muted">
        Es una estimación: Aduanas clasifica cada producto y fija el monto final.{" "}
        <Link href="/impuestos" className="font-semibold text-primary underline underline-offset-2">
          Cómo se calculan los impuestos
        </Link>
      </p>
    </section>
  );
}
