// What clients say (home page): short quotes with name, town and the service they used.

import { Quote, Star } from "lucide-react";
import { SectionHeading } from "./section-heading";

interface Testimonial {
  name: string;
  place: string;
  service: string;
  quote: string;
}

const TESTIMONIALS: Testimonial[] = [
  {
    name: "Sofía Chaves",
    place: "Naranjo",
    service: "Envío aéreo",
    quote: "Pedí unas tenis y un cargador a Miami y en cinco días hábiles estaban en mi casa. Me avisaron por WhatsApp cada cambio de estado.",
  },
  {
    name: "Luis Fernando Barrantes",
    place: "Sarchí",
    service: "Marítimo desde China",
    quote: "Traigo herrajes para mi taller de muebles desde China. Tarda, pero el precio por pie cúbico me sale mucho mejor y siempre sé dónde está la carga.",
  },
  {
    name: "Daniela Araya",
    place: "Grecia",
    service: "Compra asistida",
    quote: "No tenía tarjeta para comprar en dólares. Karla me ayudó con todo, pagué en colones y recogí el paquete en la oficina sin pagar entrega.",
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonios" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading id="testimonios" eyebrow="Testimonios" title="Lo que dicen nuestros clientes" />
        <ul className="mt-10 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-xl bg-white p-6 shadow-sm">
                <div className="flex items-center justify-between">
                  <span role="img" aria-label="5 de 5 estrellas" className="flex gap-0.5 text-amber-500">
                    {[0, 1, 2, 3, 4].map((i) => (
                      <Star key={i} className="h-4 w-4 fill-current" aria-hidden="true" />
                    ))}
                  </span>
                  <Quote className="h-6 w-6 text-primary/20" aria-hidden="true" />
                </div>
                <blockquote className="mt-4 flex-1 leading-relaxed text-ink">{`“${t.quote}”`}</blockquote>
                <figcaption className="mt-5 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-primary text-sm font-bold text-white"
                  >
                    {t.name
                      .split(" ")
                      .slice(0, 2)
                      .map((part) => part[0])
                      .join("")}
                  </span>
                  <span className="text-sm">
                    <span className="block font-semibold text-ink">{t.name}</span>
                    <span className="text-muted">{`${t.place} · ${t.service}`}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
