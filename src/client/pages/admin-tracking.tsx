// Panel Administrativo (/admin/tracking): WhatsApp tracking entries and traditional notices,
// behind the admin password; the session token is kept in memory only (staff-side §4).

import { AdminLoginGate, type AdminGateLabels } from "../features/admin/auth/admin-login-gate";
import { AdminTrackingPanel } from "./admin/tracking-panel";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

const LABELS: AdminGateLabels = {
  title: "Panel Administrativo",
  description: "Ingresa la contraseña de administrador para gestionar los códigos de tracking y los avisos.",
  passwordLabel: "Contraseña de administrador",
  submit: "Acceder al Panel",
  submitting: "Verificando...",
  note: "La contraseña se configura en el servidor (variable ADMIN_PASSWORD).",
};

export default function AdminTrackingPage() {
  usePageMeta(pageTitle("Panel Administrativo"), "Gestión de los códigos de tracking por WhatsApp y de los avisos tradicionales.");
  return (
    <AdminLoginGate labels={LABELS} persist="memory">
      <AdminTrackingPanel />
    </AdminLoginGate>
  );
}
