// Sobre Nosotros (/sobre-nosotros): the company's story, values and team.

import { PageHeader } from "../components/page-header";
import { brand } from "../lib/brand";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function SobreNosotrosPage() {
  usePageMeta(
    pageTitle("Sobre Nosotros"),
    `Conoce a ${brand.name}: desde ${brand.foundedYear} ayudamos a personas y empresas de Costa Rica a importar sus compras.`,
  );
  return (
    <PageHeader title="Sobre Nosotros">
      <p>
        {`Desde ${brand.foundedYear} ayudamos a personas y empresas de Costa Rica a importar sus compras de forma segura y sencilla, con ${brand.shipmentsClaim} envíos entregados.`}
      </p>
      <p>{`Somos un equipo de ${brand.addressLine} que te asesora personalmente en cada compra.`}</p>
    </PageHeader>
  );
}
