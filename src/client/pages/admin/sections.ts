// The back office's sections (issue 18, item 12): one address each, listed in the navigation
// bar in this order. /admin and /admin/tracking are the spec's routes (staff-side §2); the others
// hold what the spec put on the one long /admin page, each now where staff look for it. Mi cuenta,
// Cuentas del personal and Registro de cambios are issue 19's; a person sees only the sections
// the session lists (the server's, from the role).

import type { StaffPagePath } from "../../../shared/page-routes";
import {
  ClipboardList,
  ClipboardCheck,
  Container,
  FileSpreadsheet,
  Gift,
  History,
  Landmark,
  MessageSquare,
  MessagesSquare,
  Package,
  PackageCheck,
  Send,
  PackageSearch,
  ScanLine,
  Sparkles,
  UserCog,
  UserRound,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";

export interface AdminSection {
  path: StaffPagePath;
  label: string;
  Icon: LucideIcon;
}

export const ADMIN_SECTIONS = [
  { path: "/admin", label: "Clientes", Icon: Users },
  { path: "/admin/paquetes", label: "Paquetes", Icon: Package },
  { path: "/admin/recepcion", label: "Recepción", Icon: ScanLine },
  { path: "/admin/sin-dueno", label: "Sin dueño", Icon: PackageSearch },
  { path: "/admin/reporte-bodega", label: "Reporte de bodega", Icon: ClipboardCheck },
  { path: "/admin/embarques", label: "Embarques", Icon: Container },
  { path: "/admin/entregas", label: "Entregas", Icon: PackageCheck },
  { path: "/admin/pagos", label: "Pagos", Icon: Wallet },
  { path: "/admin/caja", label: "Caja y por cobrar", Icon: Landmark },
  { path: "/admin/tracking", label: "Avisos WhatsApp", Icon: ClipboardList },
  { path: "/admin/bandeja-salida", label: "Bandeja de salida", Icon: Send },
  { path: "/admin/conversaciones", label: "Conversaciones", Icon: MessagesSquare },
  { path: "/admin/mensajes", label: "Mensajes de contacto", Icon: MessageSquare },
  { path: "/admin/referidos", label: "Referidos y cupones", Icon: Gift },
  { path: "/admin/busquedas-ia", label: "Búsquedas IA", Icon: Sparkles },
  { path: "/admin/importar-exportar", label: "Importar / Exportar", Icon: FileSpreadsheet },
  { path: "/admin/cuentas", label: "Cuentas del personal", Icon: UserCog },
  { path: "/admin/registro", label: "Registro de cambios", Icon: History },
  { path: "/admin/mi-cuenta", label: "Mi cuenta", Icon: UserRound },
] as const satisfies readonly AdminSection[];
