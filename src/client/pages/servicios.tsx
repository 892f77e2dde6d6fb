// Servicios (/servicios): the six services with picture, description and what each includes,
// the AI parts-assistant promotion and a WhatsApp chat with an expert (public-site §2).

import { Link } from "wouter";
import { ArrowRight, Check, Sparkles } from "lucide-react";
import { PageHeader } from "../components/page-header";
import { buttonClasses } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { buildServiceDetails } from "../features/marketing/service-details";
import { SERVICE_IMAGE_SIZE, SERVICES } from "../features/marketing/service-catalog";
import { WhatsappLinkButton, whatsappLinks } from "../components/whatsapp-link";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function ServiciosPage() {
  usePageMeta(
    pageTitle("Nuestros Servicios"),
    "Casillero en Miami, envío aéreo por gramo, marítimo por pie cúbico desde Miami y China, compras asistidas en colones, consolidación, entrega en todo Costa Rica y repuestos con IA.",
  );
  const details = buildServiceDetails();
  return (
    <>
      <PageHeader title="Nuestros Servicios">
        <p>
          Todo lo que necesitas para comprar en Estados Unidos o China y recibirlo en Costa Rica, con precios claros:
          por gramo si viaja en avión y por pie cúbico si viaja en barco.
        </p>
      </PageHeader>

      <section aria-label="Servicios" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((service) => {
            const detail = details[service.id];
            return (
              <li key={service.id} id={service.id} className="scroll-mt-24">
                <Card className="flex h-full flex-col overflow-hidden">
                  <img
                    src={service.image}
                    alt={service.imageAlt}
                    width={SERVICE_IMAGE_SIZE.width}
                    height={SERVICE_IMAGE_SIZE.height}
                    loading="lazy"
                    decoding="async"
                    className="h-auto w-full"
                  />
                  <div className="flex flex-1 flex-col p-6">
                    <h2 className="text-xl font-semibold text-ink">{service.title}</h2>
                    <p className="mt-2 leading-relaxed text-muted">{detail.description}</p>
                    <h3 className="mt-5 text-sm font-semibold tracking-wide text-accent-strong uppercase">Incluye</h3>
                    <ul className="mt-2 grid gap-2">
                      {detail.includes.map((item) => (
                        <li key={item} className="flex gap-2 text-sm text-ink">
                          <Check className="mt-0.5 h-4 w-4 shrink-0 text-whatsapp" aria-hidden="true" />
                          {item}
                        </li>
                      ))}
                    </ul>
                    {service.id === "compras" ? (
                      <a
                        href={whatsappLinks.purchase()}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="mt-5 inline-flex items-center gap-1 self-start rounded font-semibold text-whatsapp hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                      >
                        Solicitar una compra asistida <ArrowRight className="h-4 w-4" aria-hidden="true" />
                      </a>
                    ) : null}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="promo-repuestos" className="mx-auto max-w-7xl px-4 pb-12 sm:px-6">
        <div className="grid items-center gap-8 overflow-hidden rounded-2xl bg-primary text-white shadow-lg md:grid-cols-2">
          <div className="p-8 sm:p-10">
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-orange-200">
              <Sparkles className="h-4 w-4" aria-hidden="true" />
              Nuevo
            </p>
            <h2 id="promo-repuestos" className="mt-4 text-2xl font-bold sm:text-3xl">
              Encuentra repuestos con inteligencia artificial
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-slate-100">
              Ingresa tu código de cliente, la marca, el modelo y el año de tu vehículo y describe la pieza o sube una
              foto. El asistente te muestra opciones con precio y tienda, listas para importar.
            </p>
            <Link href="/repuestos" className={buttonClasses("accent", "lg", "mt-6")}>
              Probar Repuestos IA
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
          </div>
          <img
            src="/images/servicio-repuestos.svg"
            alt="Disco de freno, engranaje y una lupa con las letras IA"
            width={SERVICE_IMAGE_SIZE.width}
            height={SERVICE_IMAGE_SIZE.height}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        </div>
      </section>

      <section aria-labelledby="servicios-ayuda" className="mx-auto max-w-3xl px-4 pb-20 text-center sm:px-6">
        <h2 id="servicios-ayuda" className="text-2xl font-bold text-ink">
          ¿No sabes qué servicio te conviene?
        </h2>
        <p className="mt-3 text-lg text-muted">
          Cuéntanos qué quieres traer y te recomendamos la opción más económica para tu compra.
        </p>
        <WhatsappLinkButton href={whatsappLinks.expert()} className="mt-6">
          Hablar con un experto
        </WhatsappLinkButton>
      </section>
    </>
  );
}
