// Contáctanos (/contacto): message form, contact details, hours and map.

import { PageHeader } from "../components/page-header";
import { brand } from "../lib/brand";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function ContactoPage() {
  usePageMeta(
    pageTitle("Contáctanos"),
    `Escríbenos, llámanos o visítanos en ${brand.addressLine}. Te atendemos por WhatsApp y por teléfono.`,
  );
  return (
    <PageHeader title="Contáctanos">
      <p>Envíanos un mensaje, llámanos o escríbenos por WhatsApp y te respondemos lo antes posible.</p>
      <p>{`Nuestro horario: ${brand.hours.weekdays} · ${brand.hours.saturday}.`}</p>
    </PageHeader>
  );
}
