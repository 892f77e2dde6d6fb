// The back office's sections (issue 18, item 12): one address each, listed in the navigation
// bar in this order. /admin and /admin/tracking are the spec's routes (staff-side §2); the others
// hold what the spec put on the one long /admin page, each now where staff look for it.

import type { StaffPagePath } from "../../../shared/page-routes";
import { ClipboardList, FileSpreadsheet, Gift, MessageSquare, Package, Sparkles, Users, type LucideIcon } from "lucide-react";

export interface AdminSection {
  path: StaffPagePath;
  label: string;
  Icon: LucideIcon;
}

export const ADMIN_SECTIONS = [
  { path: "/admin", label: "Clientes", Icon: Users },
  { path: "/admin/paquetes", label: "Paquetes", Icon: Package },
  { path: "/admin/tracking", label: "Avisos WhatsApp", Icon: ClipboardList },
  { path: "/admin/mensajes", label: "Mensajes de contacto", Icon: MessageSquare },
  { path: "/admin/referidos", label: "Referidos y cupones", Icon: Gift },
  { path: "/admin/busquedas-ia", label: "Búsquedas IA", Icon: Sparkles },
  { path: "/admin/importar-exportar", label: "Importar / Exportar", Icon: FileSpreadsheet },
] as const satisfies readonly AdminSection[];
