// The offers of the last search (public-site §3, §4): each with name, store, price, availability
// and a link to the store. Store-link answers say plainly that the store has the price.

import { ExternalLink, Store } from "lucide-react";
import { Card } from "../../components/ui/card";
import type { TPartsSearchResponse } from "../../../shared/api/parts-assistant";

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

export function PartResults({ answer }: { answer: TPartsSearchResponse }) {
  return (
    <section aria-labelledby="resultados-titulo" className="space-y-4">
      <h2 id="resultados-titulo" className="text-xl font-bold text-ink">
        Resultados ({answer.results.length})
      </h2>
      {answer.fallbackUsado ? (
        <p className="rounded-lg bg-primary-soft px-4 py-3 text-sm text-ink">
          Te dejamos búsquedas directas en las principales tiendas de repuestos de Estados Unidos: abre cada tienda para ver
          el precio y la disponibilidad de tu pieza. Con el número de pieza los resultados son exactos.
        </p>
      ) : (
        <p className="rounded-lg bg-primary-soft px-4 py-3 text-sm text-ink">
          Opciones sugeridas por nuestro asistente de IA. Los precios son aproximados: confírmalos en la tienda antes de
          comprar.
        </p>
      )}
      {answer.results.length === 0 ? (
        <p className="text-muted">No encontramos opciones para esa búsqueda. Prueba con otra descripción o con el número de pieza.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {answer.results.map((result, index) => (
            <li key={`${result.tienda}-${index}`}>
              <Card className="flex h-full flex-col gap-3 p-5">
                <h3 className="font-semibold text-ink">{result.nombre}</h3>
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
                    Ver en {result.tienda}
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
