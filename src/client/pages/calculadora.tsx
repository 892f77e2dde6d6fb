// Calculadora (/calculadora): the shipping-rate calculator and the AI product assistant.

import { PageHeader } from "../components/page-header";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function CalculadoraPage() {
  usePageMeta(
    pageTitle("Cotiza tu Envío"),
    "Calcula cuánto cuesta traer tu compra a Costa Rica: envío aéreo por gramo o marítimo desde Miami o China por pie cúbico.",
  );
  return (
    <PageHeader title="Cotiza tu Envío">
      <p>
        Calcula cuánto cuesta traer tu compra a Costa Rica: el envío aéreo se cobra por gramo y el marítimo, desde Miami o
        China, por pie cúbico.
      </p>
      <p>Si no conoces el peso o las medidas, nuestro asistente con IA los estima a partir de la descripción o el enlace del producto.</p>
    </PageHeader>
  );
}
