// Panel Administrativo (/admin): the staff's main panel behind the shared password gate. The
// session token lives in this tab's sessionStorage, so a reload keeps it and 'Cerrar sesión',
// a 401 or its expiry end it (docs/decisions/063). This page is its own chunk: visitors never
// download it.

import { AdminLoginGate, type AdminGateLabels } from "../features/admin/auth/admin-login-gate";
import { AdminPanel } from "./admin/panel";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

const LABELS: AdminGateLabels = {
  title: "Panel Administrativo",
  description: "Acceso restringido solo para administradores",
  passwordLabel: "Contraseña de administrador",
  submit: "Acceder",
  submitting: "Verificando...",
  note: "La contraseña se configura en el servidor.",
};

export default function AdminPage() {
  usePageMeta(pageTitle("Panel Administrativo"), "Panel de administración de clientes, trackings, cupones y mensajes.");
  return (
    <AdminLoginGate labels={LABELS} persist="session-storage">
      <AdminPanel />
    </AdminLoginGate>
  );
}
