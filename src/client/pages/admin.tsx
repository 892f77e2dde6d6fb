// The back office (every /admin section, issue 18 item 12): one application behind the admin
// password gate, with its own header and navigation (features/admin/shell). Moving between
// sections keeps the session and the cached lists; only the section changes. The session token
// lives where the spec says for the address the staff member signed in at: the tab's
// sessionStorage from /admin (a reload keeps it), memory only from /admin/tracking
// (staff-side §4; docs/decisions/063, 123). Each person sees the sections their role allows (the
// session's list); another address shows 'no tienes permiso' with a link to one they may open,
// and /admin sends a person who may not see Clientes to their first section (decision 127).
// This page is its own chunk: visitors never download it.

import { lazy, Suspense, type ComponentType } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { ShieldAlert } from "lucide-react";
import { Card } from "../components/ui/card";
import { mayOpen, useAdminSession } from "../lib/admin/admin-session";
import { STAFF_ROLE_LABELS } from "../../shared/domain/staff-roles";
import { ADMIN_SECTIONS } from "./admin/sections";
import { AccountsSection } from "../features/admin/accounts/accounts-section";
import { AuditSection } from "../features/admin/audit/audit-section";
import { MyAccountSection } from "../features/admin/auth/my-account-section";
import { AdminLoginGate, type AdminGateLabels } from "../features/admin/auth/admin-login-gate";
import { AdminShell } from "./admin/admin-shell";
import { ClientsSection } from "./admin/clients-section";
import { AvisosSection } from "./admin/tracking-panel";
import { ContactsSection } from "../features/admin/contacts/contacts-card";
import { ReferralsCard } from "../features/admin/stats/referrals-card";
import { SearchQuotaCard } from "../features/admin/search-quota/search-quota-card";
import { ImportExportSection } from "./admin/import-export-section";
import { PackagesSection } from "../features/admin/packages/packages-section";
import { PanelLoading } from "../components/ui/panel-states";

// The warehouse's sections load when opened: the office rarely does, and they carry the scan,
// photo and signature screens (issue 20).
const ReceptionSection = lazy(() => import("../features/admin/warehouse/reception-section").then((m) => ({ default: m.ReceptionSection })));
const UnclaimedSection = lazy(() => import("../features/admin/warehouse/unclaimed-section").then((m) => ({ default: m.UnclaimedSection })));
const WarehouseReportSection = lazy(() => import("../features/admin/warehouse/report-section").then((m) => ({ default: m.WarehouseReportSection })));
const ShipmentsSection = lazy(() => import("../features/admin/shipments/shipments-section").then((m) => ({ default: m.ShipmentsSection })));
const PaymentsSection = lazy(() => import("../features/admin/payments/payments-section").then((m) => ({ default: m.PaymentsSection })));
const CashSection = lazy(() => import("../features/admin/cash/cash-section").then((m) => ({ default: m.CashSection })));
const OutboxSection = lazy(() => import("../features/admin/outbox/outbox-section").then((m) => ({ default: m.OutboxSection })));
const ConversationsSection = lazy(() => import("../features/admin/conversations/conversations-section").then((m) => ({ default: m.ConversationsSection })));
const DeliveriesSection = lazy(() => import("../features/admin/deliveries/deliveries-section").then((m) => ({ default: m.DeliveriesSection })));
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
  "/admin/recepcion": {
    title: "Recepción",
    description: "Recibir paquetes en bodega: escanear, pesar y confirmar.",
    Section: ReceptionSection,
  },
  "/admin/sin-dueno": {
    title: "Sin dueño",
    description: "Paquetes recibidos que nadie pre-alertó, hasta que un cliente los reclame.",
    Section: UnclaimedSection,
  },
  "/admin/reporte-bodega": {
    title: "Reporte de bodega",
    description: "Lo recibido en el día, lo que espera embarque, Sin dueño por antigüedad y paquetes sin peso o monto.",
    Section: WarehouseReportSection,
  },
  "/admin/embarques": {
    title: "Embarques",
    description: "Consolidar paquetes recibidos en embarques aéreos o marítimos, con su manifiesto.",
    Section: ShipmentsSection,
  },
  "/admin/entregas": {
    title: "Entregas",
    description: "Paquetes listos para entregar por zona, y la prueba de cada entrega.",
    Section: DeliveriesSection,
  },
  "/admin/pagos": {
    title: "Pagos",
    description: "Registrar pagos, revisar comprobantes SINPE de los clientes y emitir recibos.",
    Section: PaymentsSection,
  },
  "/admin/caja": {
    title: "Caja y por cobrar",
    description: "Cierre de caja por día y por persona, y los clientes con saldo pendiente.",
    Section: CashSection,
  },
  "/admin/tracking": {
    title: "Avisos WhatsApp",
    description: "Gestión de los códigos de tracking por WhatsApp y de los avisos tradicionales.",
    Section: AvisosSection,
  },
  "/admin/bandeja-salida": {
    title: "Bandeja de salida",
    description: "Los mensajes de WhatsApp salientes con su estado, los avisos a un embarque y los reintentos.",
    Section: OutboxSection,
  },
  "/admin/conversaciones": {
    title: "Conversaciones",
    description: "Los mensajes de WhatsApp de los clientes: leer, ver sus paquetes y responder.",
    Section: ConversationsSection,
  },
  "/admin/mensajes": { title: "Mensajes de contacto", description: "Mensajes recibidos desde el formulario de contacto.", Section: ContactsSection },
  "/admin/referidos": { title: "Referidos y cupones", description: "Programa de referidos y cupones de descuento.", Section: ReferralsCard },
  "/admin/busquedas-ia": { title: "Búsquedas IA", description: "Cuotas de búsqueda de repuestos con IA por cliente.", Section: SearchQuotaCard },
  "/admin/importar-exportar": {
    title: "Importar / Exportar",
    description: "Importación de Excel con vista previa y exportaciones.",
    Section: ImportExportSection,
  },
  "/admin/cuentas": { title: "Cuentas del personal", description: "Las cuentas del personal, sus roles y sesiones.", Section: AccountsSection },
  "/admin/registro": { title: "Registro de cambios", description: "Quién cambió qué, cuándo y desde dónde.", Section: AuditSection },
  "/admin/mi-cuenta": { title: "Mi cuenta", description: "Tu contraseña y la verificación en dos pasos.", Section: MyAccountSection },
};

export const NO_PERMISSION_TITLE = "No tienes permiso para abrir esta sección";

/** The section if the person may open it; else a way to one they may. */
function AllowedSection({ path, Section }: { path: StaffPagePath; Section: ComponentType }) {
  const { staff } = useAdminSession();
  if (mayOpen(staff, path)) {
    return (
      <Suspense fallback={<PanelLoading />}>
        <Section />
      </Suspense>
    );
  }
  const first = ADMIN_SECTIONS.find((s) => mayOpen(staff, s.path));
  if (path === "/admin" && first) return <Redirect to={first.path} replace />;
  return (
    <Card className="mx-auto max-w-lg p-6 text-center">
      <ShieldAlert className="mx-auto h-10 w-10 text-destructive-hover" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-bold text-ink">{NO_PERMISSION_TITLE}</h2>
      <p className="mt-2 text-sm text-muted">
        Tu cuenta de {STAFF_ROLE_LABELS[staff.account.role]} no puede ver «{SECTIONS[path].title}».
      </p>
      {first ? (
        <Link href={first.path} className="mt-4 inline-block font-medium text-primary underline underline-offset-2">
          Ir a {first.label}
        </Link>
      ) : null}
    </Card>
  );
}

export default function AdminPage() {
  const [location] = useLocation();
  const path = (pagePathOf(location) as StaffPagePath | undefined) ?? "/admin";
  const { title, description, Section } = SECTIONS[path];
  usePageMeta(pageTitle(path === "/admin" ? "Panel Administrativo" : `${title} · Panel Administrativo`), description);
  const tracking = path === "/admin/tracking";
  return (
    <AdminLoginGate labels={tracking ? TRACKING_LABELS : ADMIN_LABELS} persist={tracking ? "memory" : "session-storage"}>
      <AdminShell>
        <AllowedSection path={path} Section={Section} />
      </AdminShell>
    </AdminLoginGate>
  );
}
