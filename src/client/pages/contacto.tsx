// Contáctanos (/contacto): the message form beside our contact details, hours and WhatsApp,
// then the map (public-site §2).

import { PageHeader } from "../components/page-header";
import { Card } from "../components/ui/card";
import { BusinessHoursCard, ContactInfoCard, OfficeMap, WhatsappCard } from "../features/contact/contact-details";
import { ContactForm } from "../features/contact/contact-form";
import { brand } from "../lib/brand";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function ContactoPage() {
  usePageMeta(
    pageTitle("Contáctanos"),
    `Escríbenos, llámanos o visítanos en ${brand.addressLine}. Te atendemos por WhatsApp, por teléfono y por email de lunes a sábado.`,
  );
  return (
    <>
      <PageHeader title="Contáctanos">
        <p>
          ¿Tienes una duda sobre tu casillero, una cotización o un paquete? Envíanos un mensaje y te respondemos en
          horario de oficina.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_380px]">
        <Card className="self-start p-6 sm:p-8">
          <h2 id="contacto-form-titulo" className="text-xl font-semibold text-ink">
            Envíanos un mensaje
          </h2>
          <p className="mt-1 mb-6 text-sm text-muted">Todos los campos son obligatorios, excepto el teléfono.</p>
          <ContactForm />
        </Card>
        <div className="grid content-start gap-6">
          <ContactInfoCard />
          <BusinessHoursCard />
          <WhatsappCard />
        </div>
      </div>
      <OfficeMap />
    </>
  );
}
