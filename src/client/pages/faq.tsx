// Preguntas Frecuentes (/faq): twelve questions answered with the service's real numbers, and
// the ways to ask anything else (public-site §2).

import { Link } from "wouter";
import { Mail } from "lucide-react";
import { FREE_STORAGE_DAYS } from "../../shared/domain/policies";
import { PageHeader } from "../components/page-header";
import { buttonClasses } from "../components/ui/button";
import { FaqAccordion } from "../features/marketing/faq-accordion";
import { buildFaq } from "../features/marketing/faq-content";
import { WhatsappLinkButton, whatsappLinks } from "../components/whatsapp-link";
import { brand } from "../lib/brand";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function FaqPage() {
  usePageMeta(
    pageTitle("Preguntas Frecuentes"),
    `Tarifas por gramo y por pie cúbico, tiempos de entrega, ${FREE_STORAGE_DAYS} días de almacenaje gratis, seguro, productos prohibidos, referidos y horario de ${brand.name}.`,
  );
  const entries = buildFaq();
  return (
    <>
      <PageHeader title="Preguntas Frecuentes">
        <p>
          Resolvemos las dudas más comunes sobre tu casillero en Miami, las tarifas, los tiempos de entrega, el seguro y
          los productos que no se pueden importar.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <FaqAccordion entries={entries} headingLevel={2} />
        <section
          aria-labelledby="faq-contacto"
          className="mt-12 rounded-2xl bg-primary-soft px-6 py-10 text-center"
        >
          <h2 id="faq-contacto" className="text-2xl font-bold text-ink">
            ¿No encontraste tu respuesta?
          </h2>
          <p className="mt-3 text-lg text-muted">Escríbenos y te respondemos en horario de oficina.</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <WhatsappLinkButton href={whatsappLinks.expert()}>Preguntar por WhatsApp</WhatsappLinkButton>
            <Link href="/contacto" className={buttonClasses("outline", "lg")}>
              <Mail className="h-5 w-5" aria-hidden="true" />
              Enviar un mensaje
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
