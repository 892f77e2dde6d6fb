// Rastreo (/rastreo): a client's packages by client code, and the public global tracker.

import { PageHeader } from "../components/page-header";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function RastreoPage() {
  usePageMeta(
    pageTitle("Rastreo de Paquetes"),
    "Consulta el estado de tus paquetes con tu código de cliente o rastrea cualquier número de guía entre más de 600 transportistas.",
  );
  return (
    <PageHeader title="Rastreo de Paquetes">
      <p>
        Consulta el estado de tus paquetes con tu código de cliente y pre-alerta tus nuevas compras. Para ver tus paquetes
        necesitas estar inscrito como cliente.
      </p>
      <p>¿Tienes un número de guía de otro transportista? Rastréalo con nuestro rastreador global de más de 600 empresas.</p>
    </PageHeader>
  );
}
