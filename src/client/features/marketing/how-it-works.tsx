// The four steps from opening a locker to receiving the package (home page).

import { Link } from "wouter";
import { ClipboardList, House, PackageSearch, ShoppingBag, type LucideIcon } from "lucide-react";
import { brand } from "../../lib/brand";
import { SectionHeading } from "./section-heading";

interface Step {
  title: string;
  text: string;
  Icon: LucideIcon;
}

const STEPS: Step[] = [
  {
    title: "Abre tu casillero gratis",
    text: "Inscríbete en minutos y recibe por WhatsApp tu código de cliente y tus direcciones en Miami.",
    Icon: ClipboardList,
  },
  {
    title: "Compra en línea",
    text: "Usa tu dirección aérea o marítima con tu nombre y tu código en Amazon, eBay o cualquier tienda.",
    Icon: ShoppingBag,
  },
  {
    title: "Pre-alerta y rastrea",
    text: "Registra el número de tracking en Rastreo y mira el estado de cada paquete hasta que llegue.",
    Icon: PackageSearch,
  },
  {
    title: "Recíbelo en tu puerta",
    text: `Lo traemos, pasamos aduana y lo entregamos en todo el país; gratis en ${brand.city} y en nuestra oficina.`,
    Icon: House,
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="como-funciona" className="bg-primary-soft">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading id="como-funciona" eyebrow="Cómo funciona" title="Importar es fácil en cuatro pasos" />
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ title, text, Icon }, index) => (
            <li key={title} className="relative rounded-xl bg-white p-6 shadow-sm">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary text-white">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <p className="mt-4 text-sm font-semibold text-accent-strong">{`Paso ${index + 1}`}</p>
              <h3 className="mt-1 text-lg font-semibold text-ink">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 text-center">
          <Link
            href="/avisos-tracking"
            className="rounded font-semibold text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            Abrir mi casillero ahora
          </Link>
        </p>
      </div>
    </section>
  );
}
