// Panel Administrativo (/admin/tracking): WhatsApp tracking entries and traditional notices.

import { PageHeader } from "../components/page-header";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function AdminTrackingPage() {
  usePageMeta(pageTitle("Panel Administrativo"), "Gestión de los códigos de tracking por WhatsApp y de los avisos tradicionales.");
  return (
    <PageHeader title="Panel Administrativo">
      <p>Gestión de los códigos de tracking por WhatsApp y de los avisos tradicionales. La contraseña se configura en el servidor.</p>
    </PageHeader>
  );
}
