// The /contacto side panels (public-site §2): how to reach us, the business hours with
// whether the office is open right now, a WhatsApp card, and the map of Grecia.

import { Clock, Mail, MapPin, Navigation, Phone } from "lucide-react";
import { directionsLinks } from "../../../shared/brand";
import { BUSINESS_HOURS, isWithinBusinessHours } from "../../../shared/domain/policies";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { brand } from "../../lib/brand";
import { cn } from "../../lib/cn";
import { useHydrated } from "../../lib/use-hydrated";
import { WhatsappLinkButton, whatsappLinks } from "../../components/whatsapp-link";

const linkClasses =
  "rounded font-semibold text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

export function ContactInfoCard() {
  const telHref = `tel:${brand.phoneDisplay.replace(/[^\d+]/g, "")}`;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-ink">Información de contacto</h2>
      <ul className="mt-4 grid gap-4">
        <li className="flex gap-3">
          <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-accent-strong" aria-hidden="true" />
          <div>
            <p className="text-sm text-muted">Dirección</p>
            <p className="text-ink">{brand.addressLine}</p>
          </div>
        </li>
        <li className="flex gap-3">
          <Phone className="mt-0.5 h-5 w-5 shrink-0 text-accent-strong" aria-hidden="true" />
          <div>
            <p className="text-sm text-muted">Teléfono y WhatsApp</p>
            <a href={telHref} className={linkClasses}>
              {brand.phoneDisplay}
            </a>
          </div>
        </li>
        <li className="flex gap-3">
          <Mail className="mt-0.5 h-5 w-5 shrink-0 text-accent-strong" aria-hidden="true" />
          <div>
            <p className="text-sm text-muted">Email</p>
            <a href={`mailto:${brand.email}`} className={cn(linkClasses, "break-all")}>
              {brand.email}
            </a>
          </div>
        </li>
      </ul>
    </Card>
  );
}

export function BusinessHoursCard({ now }: { now?: Date }) {
  // The page is prerendered at build time: whether the office is open is known only in the
  // browser, after hydration.
  const hydrated = useHydrated();
  const open = hydrated ? isWithinBusinessHours(now ?? new Date()) : undefined;
  const rows = [
    { day: BUSINESS_HOURS.weekdays.label, hours: brand.hours.weekdays.replace(/^[^:]+:\s*/, "") },
    { day: BUSINESS_HOURS.saturday.label, hours: brand.hours.saturday.replace(/^[^:]+:\s*/, "") },
    { day: "Domingo", hours: "Cerrado" },
  ];
  return (
    <Card className="p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Clock className="h-5 w-5 text-accent-strong" aria-hidden="true" />
          Horario de atención
        </h2>
        {open === undefined ? null : (
          <span
            className={cn(
              "shrink-0 rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap",
              open ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700",
            )}
          >
            {open ? "Abierto ahora" : "Cerrado ahora"}
          </span>
        )}
      </div>
      <dl className="mt-4 grid gap-2">
        {rows.map((row) => (
          <div key={row.day} className="flex justify-between gap-4 border-b border-slate-100 pb-2 last:border-b-0">
            <dt className="text-muted">{row.day}</dt>
            <dd className="font-medium text-ink">{row.hours}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function WhatsappCard() {
  return (
    <Card className="border-green-200 bg-green-50 p-6">
      <h2 className="text-lg font-semibold text-ink">¿Prefieres WhatsApp?</h2>
      <p className="mt-2 text-muted">
        Es la forma más rápida de hablar con nosotros: cotizaciones, compras asistidas y el estado de tus paquetes.
      </p>
      <WhatsappLinkButton href={whatsappLinks.expert()} size="md" className="mt-4 w-full">
        Chatear por WhatsApp
      </WhatsappLinkButton>
    </Card>
  );
}

/** Google's map of the office; loading="lazy" so it costs nothing until it is scrolled to. */
export function OfficeMap() {
  return (
    <section aria-labelledby="contacto-mapa" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
      <h2 id="contacto-mapa" className="text-2xl font-bold text-ink">
        Cómo llegar
      </h2>
      <p className="mt-2 text-muted">{`Estamos en ${brand.addressLine}. Si retiras tu paquete en la oficina, la entrega es gratis.`}</p>
      {brand.mapPin ? <DirectionsLinks pin={brand.mapPin} /> : null}
      <div className="mt-6 aspect-[4/3] overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 sm:aspect-[16/7]">
        <iframe
          src={brand.mapEmbedUrl}
          title={`Mapa de la ubicación de ${brand.name} en ${brand.addressLine}`}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          className="h-full w-full border-0"
        />
      </div>
    </section>
  );
}

/** Directions from where the visitor is, in the app they use (decision 207). */
function DirectionsLinks({ pin }: { pin: { lat: number; lng: number } }) {
  const links = directionsLinks(pin);
  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row">
      <a href={links.waze} target="_blank" rel="noopener noreferrer" className={buttonClasses("outline", "md")}>
        <Navigation className="h-4 w-4" aria-hidden="true" />
        Abrir en Waze
      </a>
      <a href={links.googleMaps} target="_blank" rel="noopener noreferrer" className={buttonClasses("outline", "md")}>
        <MapPin className="h-4 w-4" aria-hidden="true" />
        Abrir en Google Maps
      </a>
    </div>
  );
}
