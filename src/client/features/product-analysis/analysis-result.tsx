// One product analysis as the visitor reads it (public-site §3): what was understood, weight and
// sizes with and without packaging, the recommended mode and why, import notes, and the
// 'Estimación básica' notice when the offline estimator answered instead of the AI.

import { ArrowUpToLine, Lightbulb, TriangleAlert } from "lucide-react";
import {
  BASIC_ESTIMATE_NOTICE,
  BASIC_ESTIMATE_TITLE,
  type TDimensions,
  type TProductAnalysis,
} from "../../../shared/api/product-analysis";
import { SHIPPING_MODE_INFO } from "../../../shared/domain/pricing";
import { formatQuantity } from "../../../shared/domain/format";
import { Button } from "../../components/ui/button";

const number = { format: (n: number) => formatQuantity(n, 1) };
const feet = { format: (n: number) => formatQuantity(n) };

function grams(n: number): string {
  return `${number.format(n)} g`;
}

function sizes({ largo, ancho, alto }: TDimensions): string {
  return `${number.format(largo)} × ${number.format(ancho)} × ${number.format(alto)} cm`;
}

export interface AnalysisResultProps {
  analysis: TProductAnalysis;
  onUse(): void;
}

export function AnalysisResult({ analysis, onUse }: AnalysisResultProps) {
  const mode = SHIPPING_MODE_INFO[analysis.mejor_opcion_envio];
  return (
    <article aria-labelledby="analisis-titulo" className="mt-8 border-t border-slate-200 pt-6">
      <h3 id="analisis-titulo" className="text-lg font-semibold text-ink">
        Resultado: {analysis.categoria_producto}
      </h3>

      {analysis.fallback_usado ? (
        <div role="note" className="mt-3 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
          <p>
            <strong className="font-semibold">{BASIC_ESTIMATE_TITLE}.</strong> {BASIC_ESTIMATE_NOTICE}
          </p>
        </div>
      ) : null}

      <p className="mt-3 text-sm text-muted">{analysis.descripcion_verificacion}</p>

      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Peso con embalaje</dt>
          <dd className="font-semibold text-ink" data-testid="analisis-peso">
            {grams(analysis.peso_estimado_con_embalaje)}
          </dd>
          <dd className="text-muted">Sin embalaje: {grams(analysis.peso_estimado)}</dd>
        </div>
        <div>
          <dt className="text-muted">Medidas con embalaje</dt>
          <dd className="font-semibold text-ink">{sizes(analysis.dimensiones_estimadas_con_embalaje)}</dd>
          <dd className="text-muted">Sin embalaje: {sizes(analysis.dimensiones_estimadas)}</dd>
        </div>
        <div>
          <dt className="text-muted">Volumen</dt>
          <dd className="font-semibold text-ink">{feet.format(analysis.volumen_pies_cubicos)} pies cúbicos</dd>
        </div>
        <div>
          <dt className="text-muted">Tiempo de entrega estimado</dt>
          <dd className="font-semibold text-ink">{analysis.tiempo_entrega_estimado}</dd>
        </div>
      </dl>

      <div className="mt-4 rounded-lg bg-primary-soft p-4">
        <p className="text-sm font-semibold text-primary">Recomendamos: {mode.label}</p>
        <p className="mt-1 text-sm text-ink">{analysis.razon_recomendacion}</p>
      </div>

      {analysis.consideraciones_importacion.length > 0 ? (
        <>
          <h4 className="mt-4 flex items-center gap-2 text-sm font-semibold text-ink">
            <Lightbulb className="h-4 w-4 text-accent-strong" aria-hidden="true" />
            Para tener en cuenta
          </h4>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
            {analysis.consideraciones_importacion.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      ) : null}

      <Button type="button" variant="accent" size="lg" className="mt-6 w-full sm:w-auto" onClick={onUse}>
        <ArrowUpToLine className="h-4 w-4" aria-hidden="true" />
        Usar estos datos
      </Button>
      <p className="mt-2 text-xs text-muted">Llena la calculadora con el peso y las medidas con embalaje.</p>
    </article>
  );
}
