// The home page's six service cards (public-site §2): five lead to /servicios, the last opens
// the spare-parts assistant in a side panel (features/parts-assistant, placed by the page).

import type { ReactNode } from "react";
import { Link } from "wouter";
import { ArrowRight } from "lucide-react";
import { Card } from "../../components/ui/card";
import { SERVICE_IMAGE_SIZE, SERVICES, type ServiceSummary } from "./service-catalog";
import { SectionHeading } from "./section-heading";

function ServiceCard({ service, lastAction }: { service: ServiceSummary; lastAction: ReactNode | null }) {
  return (
    <Card className="flex flex-col overflow-hidden">
      <img
        src={service.image}
        alt={service.imageAlt}
        width={SERVICE_IMAGE_SIZE.width}
        height={SERVICE_IMAGE_SIZE.height}
        loading="lazy"
        decoding="async"
        className="h-auto w-full"
      />
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-semibold text-ink">{service.title}</h3>
        <p className="mt-2 flex-1 leading-relaxed text-muted">{service.summary}</p>
        <div className="mt-4">
          {lastAction ?? (
            <Link
              href="/servicios"
              aria-label={`Ver más sobre ${service.title}`}
              className="inline-flex items-center gap-1 rounded font-semibold text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              Ver más <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          )}
        </div>
      </div>
    </Card>
  );
}

/** `partsAssistant`: what the last card (the spare-parts assistant) opens. */
export function ServicesGrid({ partsAssistant }: { partsAssistant: ReactNode }) {
  return (
    <section aria-labelledby="home-servicios" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id="home-servicios" eyebrow="Servicios" title="Todo lo que necesitas para importar">
        Desde tu casillero en Miami hasta la puerta de tu casa: elige cómo traer tus compras.
      </SectionHeading>
      <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {SERVICES.map((service, index) => (
          <ServiceCard key={service.id} service={service} lastAction={index === SERVICES.length - 1 ? partsAssistant : null} />
        ))}
      </div>
    </section>
  );
}
