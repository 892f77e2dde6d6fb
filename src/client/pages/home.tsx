// Inicio (/): the visitor's first page, loaded with the app shell.

import { PageHeader } from "../components/page-header";
import { brand } from "../lib/brand";
import { usePageMeta } from "../lib/use-page-meta";

export default function HomePage() {
  usePageMeta(
    `${brand.name} | Courier y casillero en Miami para Costa Rica`,
    "Casillero en Miami, envíos aéreos y marítimos desde Estados Unidos y China, compras asistidas e importación de repuestos con entrega puerta a puerta en todo Costa Rica.",
  );
  return (
    <PageHeader title="Tu casillero en Miami para importar a Costa Rica">
      <p>
        Traemos tus compras de Estados Unidos y China hasta la puerta de tu casa en cualquier parte de Costa Rica. Con tu
        dirección personal en Miami consolidamos tus paquetes y cobramos el envío aéreo por gramo o el marítimo por pie
        cúbico.
      </p>
    </PageHeader>
  );
}
