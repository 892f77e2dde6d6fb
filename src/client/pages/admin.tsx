// Panel Administrativo (/admin): the staff's main panel, loaded only when visited.

import { PageHeader } from "../components/page-header";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function AdminPage() {
  usePageMeta(pageTitle("Panel Administrativo"), "Panel de administración de clientes, trackings, cupones y mensajes.");
  return (
    <PageHeader title="Panel Administrativo">
      <p>Acceso restringido solo para administradores.</p>
    </PageHeader>
  );
}
