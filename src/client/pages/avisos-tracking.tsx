// Inscripción (/avisos-tracking): client registration, "Abrir Casillero".

import { PageHeader } from "../components/page-header";
import { RegistrationFlow } from "../features/clients/registration-flow";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function AvisosTrackingPage() {
  usePageMeta(
    pageTitle("Inscripción"),
    "Abre tu casillero gratis: recibe tu código de cliente y tus direcciones en Miami para envíos aéreos y marítimos a Costa Rica.",
  );
  return (
    <>
      <PageHeader title="Inscripción">
        <p>
          Abre tu casillero gratis y recibe tu código de cliente junto con tus direcciones personales en Miami, una para
          envíos aéreos y otra para marítimos. Compra en cualquier tienda de Estados Unidos y nosotros lo llevamos hasta tu
          puerta.
        </p>
      </PageHeader>
      <section className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <RegistrationFlow />
      </section>
    </>
  );
}
