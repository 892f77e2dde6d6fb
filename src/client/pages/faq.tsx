// Preguntas Frecuentes (/faq).

import { PageHeader } from "../components/page-header";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function FaqPage() {
  usePageMeta(
    pageTitle("Preguntas Frecuentes"),
    "Respuestas sobre tu casillero en Miami, tiempos de entrega, tarifas, seguro y productos prohibidos.",
  );
  return (
    <PageHeader title="Preguntas Frecuentes">
      <p>
        Resolvemos las dudas más comunes sobre tu casillero en Miami, los tiempos de entrega, las tarifas, el seguro y los
        productos que no se pueden importar. Si no encuentras tu respuesta, escríbenos y te ayudamos.
      </p>
    </PageHeader>
  );
}
