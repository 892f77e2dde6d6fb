// Three short stories of clients whose imports we handle (home page). Modest, concrete and in
// line with the service's published rules.

import { Bike, Laptop, Shirt, type LucideIcon } from "lucide-react";
import { SectionHeading } from "./section-heading";

interface Story {
  who: string;
  place: string;
  title: string;
  text: string;
  result: string;
  Icon: LucideIcon;
}

const STORIES: Story[] = [
  {
    who: "Taller de motos",
    place: "Grecia",
    title: "Repuestos que antes tardaban meses",
    text: "Un taller de motos del centro de Grecia buscaba piezas que no conseguía en el país. Con el asistente de Repuestos IA encuentran la pieza por marca, modelo y año, y juntan los pedidos de la semana en un solo envío aéreo.",
    result: "Un envío por semana en lugar de cuatro",
    Icon: Bike,
  },
  {
    who: "Tienda de ropa en línea",
    place: "San Ramón",
    title: "Seis tiendas, una sola caja",
    text: "Una emprendedora compra a varias tiendas de Estados Unidos. Guardamos sus paquetes en Miami sin costo mientras llegan y los consolidamos en una caja que viaja por barco, cobrada por pie cúbico.",
    result: "Un solo envío marítimo al mes",
    Icon: Shirt,
  },
  {
    who: "Familia de Atenas",
    place: "Atenas",
    title: "Una laptop pagada en colones",
    text: "La tienda no aceptaba su tarjeta. Con la compra asistida compramos la laptop en dólares, la familia pagó en colones y el equipo llegó asegurado a su casa.",
    result: "Sin tarjeta internacional",
    Icon: Laptop,
  },
];

export function SuccessStories() {
  return (
    <section aria-labelledby="casos-exito" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id="casos-exito" eyebrow="Casos de éxito" title="Clientes que ya importan con nosotros" />
      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {STORIES.map(({ who, place, title, text, result, Icon }) => (
          <li key={title} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-accent/15 text-accent-strong">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <p className="text-sm text-muted">
                <span className="block font-semibold text-ink">{who}</span>
                {place}
              </p>
            </div>
            <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
            <p className="mt-2 flex-1 leading-relaxed text-muted">{text}</p>
            <p className="mt-4 rounded-lg bg-primary-soft px-4 py-2 text-sm font-semibold text-primary">{result}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
