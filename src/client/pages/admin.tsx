// The back office (every /admin section, issue 18 item 12): one application behind the admin
// password gate, with its own header and navigation (features/admin/shell). Moving between
// sections keeps the session and the cached lists; only the section changes. The session token
// lives where the spec says for the address the staff member signed in at: the tab's
// sessionStorage from /admin (a reload keeps it), memory only from /admin/tracking
// (staff-side §4; docs/decisions/063, 123). This page is its own chunk: visitors never download it.

import type { ComponentType } from "react";
import { useLocation } from "wouter";
import { AdminLoginGate, type AdminGateLabels } from "../features/admin/auth/admin-login-gate";
import { AdminShell } from "./admin/admin-shell";
import { ClientsSection } from "./admin/clients-section";
import { AvisosSection } from "./admin/tracking-panel";
import { ContactsSection } from "../features/admin/contacts/contacts-card";
import { ReferralsCard } from "../features/admin/stats/referrals-card";
import { SearchQuotaCard } from "../features/admin/search-quota/search-quota-card";
import { ImportExportSection } from "./admin/import-export-section";
import { PackagesSection } from "../features/admin/packages/packages-section";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";
import { pagePathOf, type StaffPagePath } from "../../shared/page-routes";

const ADMIN_LABELS: AdminGateLabels = {
  title: "Panel Administrativo",
  description: "Acceso restringido solo para administradores",
  passwordLabel: "Contraseña de administrador",
  submit: "Acceder",
  submitting: "Verificando...",
  note: "La contraseña se configura en el servidor.",
};

const TRACKING_LABELS: AdminGateLabels = {
  title: "Panel Administrativo",
  description: "Ingresa la contraseña de administrador para gestionar los códigos de tracking y los avisos.",
  passwordLabel: "Contraseña de administrador",
  submit: "Acceder al Panel",
  submitting: "Verificando...",
  note: "La contraseña se configura en el servidor (variable ADMIN_PASSWORD).",
};

const SECTIONS: Record<StaffPagePath, { title: string; description: string; Section: ComponentType }> = {
  "/admin": {
    title: "Clientes",
    description: "Panel de administración de clientes, trackings, cupones y mensajes.",
    Section: ClientsSection,
  },
  "/admin/paquetes": { title: "Paquetes", description: "Todos los paquetes, con filtros y cambios de estado en bloque.", Section: PackagesSection },
  "/admin/tracking": {
    title: "Avisos WhatsApp",
    description: "Gestión de los códigos de tracking por WhatsApp y de los avisos tradicionales.",
    Section: AvisosSection,
  },
  "/admin/mensajes": { title: "Mensajes de contacto", description: "Mensajes recibidos desde el formulario de contacto.", Section: ContactsSection },
  "/admin/referidos": { title: "Referidos y cupones", description: "Programa de referidos y cupones de descuento.", Section: ReferralsCard },
  "/admin/busquedas-ia": { title: "Búsquedas IA", description: "Cuotas de búsqueda de repuestos con IA por cliente.", Section: SearchQuotaCard },
  "/admin/importar-exportar": {
    title: "Importar / Exportar",
    description: "Importación de Excel con vista previa y exportaciones.",
    Section: ImportExportSection,
  },
};

export default function AdminPage() {
  const [location] = useLocation();
  const path = (pagePathOf(location) as StaffPagePath | undefined) ?? "/admin";
  const { title, description, Section } = SECTIONS[path];
  usePageMeta(pageTitle(path === "/admin" ? "Panel Administrativo" : `${title} · Panel Administrativo`), description);
  const tracking = path === "/admin/tracking";
  return (
    <AdminLoginGate labels={tracking ? TRACKING_LABELS : ADMIN_LABELS} persist={tracking ? "memory" : "session-storage"}>
      <AdminShell>
        <Section />
      </AdminShell>
    </AdminLoginGate>
  );
}
