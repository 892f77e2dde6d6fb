// The offers of the last search (public-site §3, §4): each with name, store, price, availability
// and a link to the store. Answers made without the AI (fallbackUsado) say plainly that they are
// store searches, not parts an AI found, and that they spent none of the month's searches
// (docs/decisions/111); their links read 'Buscar en …', the AI's 'Ver en …'.

import { ExternalLink, Store } from "lucide-react";
import { Card } from "../../components/ui/card";
import {
  AI_RESULTS_NOTICE,
  OFFLINE_RESULTS_NOTICE,
  OFFLINE_SEARCH_NOT_COUNTED,
  type TPartsSearchResponse,
} from "../../../shared/api/parts-assistant";

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

export function PartResults({ answer }: { answer: TPartsSearchResponse }) {
  return (
    <section aria-labelledby="resultados-titulo" className="space-y-4">
      <h2 id="resultados-titulo" className="text-xl font-bold text-ink">
        Resultados ({answer.results.length})
      </h2>
      {answer.fallbackUsado ? (
        <div role="note" className="space-y-1 rounded-lg bg-primary-soft px-4 py-3 text-sm text-ink">
          <p>{OFFLINE_RESULTS_NOTICE}</p>
          <p className="font-semibold">{OFFLINE_SEARCH_NOT_COUNTED}</p>
        </div>
      ) : (
        <p className="rounded-lg bg-primary-soft px-4 py-3 text-sm text-ink">{AI_RESULTS_NOTICE}</p>
      )}
      {answer.results.length === 0 ? (
        <p className="text-muted">No encontramos opciones para esa búsqueda. Prueba con otra descripción o con el número de pieza.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {answer.results.map((result, index) => (
            <li key={`${result.tienda}-${index}`}>
              <Card className="flex h-full flex-col gap-3 p-5">
                <h3 className="font-semibold break-words text-ink">{result.nombre}</h3>
                <p className="flex items-center gap-1.5 text-sm text-muted">
                  <Store className="h-4 w-4" aria-hidden="true" />
                  {result.tienda}
                </p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted">Precio</dt>
                  <dd className="font-semibold text-ink">{result.precio}</dd>
                  <dt className="text-muted">Disponibilidad</dt>
                  <dd className="text-ink">{result.disponibilidad}</dd>
                </dl>
                {isWebAddress(result.url) ? (
                  <a
                    href={result.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-auto inline-flex items-center gap-1.5 text-sm font-semibold text-primary underline-offset-2 hover:underline"
                  >
                    {answer.fallbackUsado ? "Buscar en" : "Ver en"} {result.tienda}
                    <ExternalLink className="h-4 w-4" aria-hidden="true" />
                    <span className="sr-only">(se abre en una pestaña nueva)</span>
                  </a>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
