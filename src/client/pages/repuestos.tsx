// Repuestos IA (/repuestos): the AI spare-parts assistant for registered clients, and their
// coupons once a verified code is held in local storage (cleared on load, re-read every 500 ms).

import { PageHeader } from "../components/page-header";
import { CouponsPanel } from "../components/coupons-panel";
import { PartsAssistant } from "../features/parts-assistant/parts-assistant";
import { useStoredVerifiedCode } from "../features/parts-assistant/verified-code-storage";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function RepuestosPage() {
  usePageMeta(
    pageTitle("Repuestos IA"),
    "Encuentra repuestos para tu vehículo en tiendas de Estados Unidos con nuestro asistente de inteligencia artificial.",
  );
  const storedCode = useStoredVerifiedCode({ clearOnMount: true });
  return (
    <>
      <PageHeader title="Repuestos IA">
        <p>
          Encuentra el repuesto exacto para tu vehículo. Verifica tu código de cliente, dinos la marca, el modelo, el año y la
          pieza, y te mostramos opciones en tiendas de Estados Unidos para traerla con nosotros a Costa Rica.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6">
        <PartsAssistant />
        {storedCode ? <CouponsPanel key={storedCode} clientCode={storedCode} /> : null}
      </div>
    </>
  );
}
