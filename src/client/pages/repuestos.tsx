// Repuestos IA (/repuestos): the AI spare-parts assistant for registered clients.

import { PageHeader } from "../components/page-header";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function RepuestosPage() {
  usePageMeta(
    pageTitle("Repuestos IA"),
    "Encuentra repuestos para tu vehículo en tiendas de Estados Unidos con nuestro asistente de inteligencia artificial.",
  );
  return (
    <PageHeader title="Repuestos IA">
      <p>
        Encuentra el repuesto exacto para tu vehículo con nuestro asistente de inteligencia artificial. Ingresa tu código de
        cliente, la marca, el modelo y el año, y te mostramos opciones en tiendas de Estados Unidos con precio y
        disponibilidad.
      </p>
    </PageHeader>
  );
}
