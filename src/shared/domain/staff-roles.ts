// Staff roles (issue 19): who may do what in the back office. The server enforces it for every
// admin route (each route declares its roles beside `auth`, server/app.ts); the browser only
// hides what the session's answer says the person cannot use (the server computes that list
// from this file, the client never decides).

import { STAFF_PAGE_PATHS, type StaffPagePath } from "../page-routes";

export const STAFF_ROLES = ["dueno", "oficina", "bodega", "mensajero"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  dueno: "Dueño",
  oficina: "Oficina",
  bodega: "Bodega",
  mensajero: "Mensajero",
};

export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  dueno: "Todo, incluidas las cuentas del personal y el registro de cambios.",
  oficina: "Clientes, paquetes, estados, WhatsApp, importar y exportar, referidos y cupones, mensajes de contacto.",
  bodega: "Recibe, embarca y entrega paquetes; busca paquetes y cambia estado, peso, medidas y notas. Sin datos de clientes más allá de nombre y código.",
  mensajero: "Solo su lista de entregas: nombre, dirección, teléfono y saldo de cada paquete asignado; registra la entrega con su prueba.",
};

/**
 * Route role sets, as routes declare them (`config.roles`). ANY_STAFF is the back office's staff
 * (Dueño, Oficina, Bodega): the Mensajero is not in it (issue 32 item 7, decision 161), so a route
 * reaches a messenger only where it names the role itself. EVERY_ROLE is for the person's own
 * session and account (sign-in state, sign-out, Mi cuenta).
 */
export const EVERY_ROLE: readonly StaffRole[] = [...STAFF_ROLES];
export const ANY_STAFF: readonly StaffRole[] = ["dueno", "oficina", "bodega"];
/** Who delivers a package with its proof (and uploads the proof's photos): the staff and the Mensajero. */
export const DELIVERY_STAFF: readonly StaffRole[] = [...ANY_STAFF, "mensajero"];
export const MESSENGER_ONLY: readonly StaffRole[] = ["mensajero"];
export const OFFICE_STAFF: readonly StaffRole[] = ["dueno", "oficina"];
export const OWNER_ONLY: readonly StaffRole[] = ["dueno"];

/** The back-office addresses only the owner sees: the staff accounts and the audit log. */
const OWNER_SECTIONS: readonly StaffPagePath[] = ["/admin/cuentas", "/admin/registro"];

/** The back-office addresses each role sees (the server sends the person's list with the session). */
export const ROLE_SECTIONS: Record<StaffRole, readonly StaffPagePath[]> = {
  dueno: STAFF_PAGE_PATHS,
  oficina: STAFF_PAGE_PATHS.filter((path) => !OWNER_SECTIONS.includes(path)),
  bodega: ["/admin/paquetes", "/admin/recepcion", "/admin/sin-dueno", "/admin/reporte-bodega", "/admin/embarques", "/admin/entregas", "/admin/mi-cuenta"],
  // Entregas shows a messenger their own delivery list, nothing else (decision 161).
  mensajero: ["/admin/entregas", "/admin/mi-cuenta"],
};

/**
 * The package fields Bodega may change (PATCH /api/trackings/:id, PATCH /api/admin/trackings/:id,
 * bulk status): the status, the weight in grams (air) or cubic feet (sea, the package's measure)
 * and the notes. Anything else in the body answers 403 BODEGA_FIELDS_FORBIDDEN.
 */
export const BODEGA_PACKAGE_FIELDS = ["estado", "pesoPieCubicos", "pesoEstimado", "notas"] as const;

/** How the history and the audit log name who made a change that no staff member made. */
export const ACTOR_LABELS = {
  client: "Cliente",
  import: "Importación Excel",
  system: "Sistema",
} as const;
