// Notificaciones por WhatsApp (/tracking-whatsapp): register tracking codes for status alerts.

import { PageHeader } from "../components/page-header";
import { WhatsappEntrySection } from "../features/whatsapp-entries/whatsapp-entry-section";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function TrackingWhatsappPage() {
  usePageMeta(
    pageTitle("Notificaciones por WhatsApp"),
    "Registra tus códigos de tracking y recibe un mensaje de WhatsApp cada vez que cambie el estado de tus paquetes.",
  );
  return (
    <>
      <PageHeader title="Notificaciones por WhatsApp">
        <p>
          Registra tus códigos de tracking con tu número de WhatsApp y te avisamos automáticamente cada vez que cambie el
          estado de tus paquetes.
        </p>
      </PageHeader>
      <WhatsappEntrySection />
    </>
  );
}
