// Impuestos de importación (/impuestos; issue 36 item 1, decision 208): what Costa Rica charges on
// an import, on what base, by kind of product, the $500 exoneration and when the client pays. Every
// rate comes from the brand's table (shared/domain/import-taxes.ts), so the page, the FAQ and the
// calculator say the same.

import { Link } from "wouter";
import { Calculator } from "lucide-react";
import { estimateImportTaxes, IVA_RATE, LEY_6946_RATE, taxShareRange } from "../../shared/domain/import-taxes";
import { formatQuantity, formatUsd } from "../../shared/domain/format";
import { PageHeader } from "../components/page-header";
import { buttonClasses } from "../components/ui/button";
import { brand } from "../lib/brand";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

const pct = (fraction: number) => `${formatQuantity(fraction * 100, 1)} %`;
const share = (value: number) => `${formatQuantity(value, 1)} %`;

/** A worked example on the page: a $100 purchase with $20 of freight and insurance. */
const EXAMPLE = { declaredUsd: 100, freightUsd: 20 };

export default function ImpuestosPage() {
  usePageMeta(
    pageTitle("Impuestos de importación"),
    "Qué impuestos cobra Aduanas al importar tus compras a Costa Rica, sobre qué valor, cuánto según el tipo de producto y cuándo se pagan.",
  );
  const categories = brand.importTaxes;
  const example = categories.find((c) => c.id === "ropa") ?? categories[0];
  const worked = example ? estimateImportTaxes(EXAMPLE.declaredUsd, EXAMPLE.freightUsd, example) : null;
  return (
    <>
      <PageHeader title="Impuestos de importación">
        <p>
          Todo lo que compras fuera de Costa Rica paga impuestos al entrar al país. Aquí te explicamos cuáles, cómo se
          calculan y cuándo se pagan, para que no haya sorpresas.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-3xl gap-10 px-4 py-12 leading-relaxed text-muted sm:px-6">
        <section aria-labelledby="impuestos-base">
          <h2 id="impuestos-base" className="text-2xl font-bold text-ink">
            ¿Sobre qué valor se calculan?
          </h2>
          <p className="mt-3">
            Aduanas calcula los impuestos sobre el <strong className="text-ink">valor aduanero (CIF)</strong>: lo que
            pagaste por tu compra, más el flete internacional y el seguro. Por eso necesitamos la factura de cada compra:
            con ella se declara el valor real.
          </p>
        </section>

        <section aria-labelledby="impuestos-cuales">
          <h2 id="impuestos-cuales" className="text-2xl font-bold text-ink">
            ¿Qué impuestos se pagan?
          </h2>
          <ul className="mt-3 grid list-disc gap-2 pl-5">
            <li>
              <strong className="text-ink">Derechos arancelarios (DAI):</strong> de 0 % a 15 % del valor aduanero, según el
              producto.
            </li>
            <li>
              <strong className="text-ink">Impuesto selectivo de consumo:</strong> solo algunos productos, como
              televisores o consolas; se calcula sobre el valor aduanero más el DAI.
            </li>
            <li>
              <strong className="text-ink">Ley 6946:</strong> {pct(LEY_6946_RATE)} del valor aduanero, en toda importación.
            </li>
            <li>
              <strong className="text-ink">IVA:</strong> {pct(IVA_RATE)} sobre el valor aduanero más los impuestos
              anteriores. Algunos productos, como los libros, están exentos.
            </li>
          </ul>
        </section>

        <section aria-labelledby="impuestos-tabla">
          <h2 id="impuestos-tabla" className="text-2xl font-bold text-ink">
            ¿Cuánto es según el producto?
          </h2>
          <p className="mt-3">Lo que suman los impuestos, como parte del valor aduanero:</p>
          <ul className="mt-3 grid gap-2" data-testid="impuestos-categorias">
            {categories.map((category) => {
              const [low, high] = taxShareRange(category);
              return (
                <li key={category.id} className="flex flex-wrap justify-between gap-x-4 rounded-lg bg-slate-50 px-4 py-2">
                  <span className="text-ink">{category.label}</span>
                  <span className="font-semibold text-ink">{low === high ? share(low) : `${share(low)} a ${share(high)}`}</span>
                </li>
              );
            })}
          </ul>
          {worked && example ? (
            <p className="mt-4" data-testid="impuestos-ejemplo">
              {`Por ejemplo: ${example.label.toLowerCase()} de ${formatUsd(EXAMPLE.declaredUsd)} con ${formatUsd(EXAMPLE.freightUsd)} de flete y seguro tiene un valor aduanero de ${formatUsd(worked.low.cifUsd)} y paga cerca de ${formatUsd(worked.low.totalUsd)} de impuestos.`}
            </p>
          ) : null}
          <p className="mt-3 text-sm">
            Son estimaciones: Aduanas clasifica cada producto en su partida arancelaria y fija el monto final.
          </p>
        </section>

        <section aria-labelledby="impuestos-exoneracion">
          <h2 id="impuestos-exoneracion" className="text-2xl font-bold text-ink">
            ¿Y la exoneración de $500?
          </h2>
          <p className="mt-3">
            Desde el 1 de mayo de 2021 solo aplica a envíos familiares sin fines comerciales: un paquete que te envía un
            familiar, para uso personal, con un valor aduanero de hasta $500 (flete incluido), una vez cada seis meses y
            con una sola factura. Las compras en tiendas en línea pagan sus impuestos.
          </p>
        </section>

        <section aria-labelledby="impuestos-cuando">
          <h2 id="impuestos-cuando" className="text-2xl font-bold text-ink">
            ¿Cuándo los pago?
          </h2>
          <p className="mt-3">
            Aduanas los cobra cuando nacionaliza tu paquete. Nosotros los pagamos por ti y aparecen como «Impuestos de
            aduana» en tu estado de cuenta en{" "}
            <Link href="/rastreo" className="font-semibold text-primary underline underline-offset-2">
              Rastreo
            </Link>
            , junto al flete; se pagan antes de la entrega o al recibir el paquete.
          </p>
          <p className="mt-3">
            Algunos productos necesitan además un permiso (cosméticos, medicamentos, suplementos, alimentos, semillas o
            animales). Pregúntanos antes de comprarlos.
          </p>
        </section>

        <Link href="/calculadora" className={buttonClasses("primary", "lg", "w-full sm:w-auto sm:justify-self-start")}>
          <Calculator className="h-5 w-5" aria-hidden="true" />
          Estimar flete e impuestos
        </Link>
      </div>
    </>
  );
}
