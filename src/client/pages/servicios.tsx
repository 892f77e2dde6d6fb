// Servicios (/servicios): what the company offers.

import { PageHeader } from "../components/page-header";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function ServiciosPage() {
  usePageMeta(
    pageTitle("Nuestros Servicios"),
    "Casillero en Miami, consolidación, envíos aéreos y marítimos, compras asistidas e importación de repuestos con entrega en todo Costa Rica.",
  );
  return (
    <PageHeader title="Nuestros Servicios">
      <p>
        Casillero en Miami, consolidación de paquetes, envíos aéreos y marítimos desde Estados Unidos y China, compras
        asistidas en dólares pagando en colones e importación de repuestos.
      </p>
      <p>Entregamos puerta a puerta en todo Costa Rica y todos los envíos incluyen seguro básico.</p>
    </PageHeader>
  );
}
