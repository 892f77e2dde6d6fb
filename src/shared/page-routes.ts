// The browser app's pages, one list for both sides: the client router maps each path to its
// page (src/client/app.tsx), the build prerenders the public ones to HTML (vite.config.ts) and
// the server answers 200 for these paths and 404, with the app's own 'Página no encontrada', for
// every other (src/server/static-site.ts). The spec's routes have no parameters (public-site §2).

/** Pages anyone may open: prerendered at build time, hydrated in the browser. */
export const PUBLIC_PAGE_PATHS = [
  "/",
  "/calculadora",
  "/repuestos",
  "/rastreo",
  "/avisos-tracking",
  "/servicios",
  "/sobre-nosotros",
  "/faq",
  "/contacto",
  "/tracking-whatsapp",
  "/impuestos",
] as const;

/**
 * The back office's sections (one application, src/client/pages/admin.tsx): rendered in the
 * browser only (their content depends on the session). /admin and /admin/tracking are the
 * spec's; the others are issue 18's sections, and mi-cuenta, cuentas and registro issue 19's
 * (which of them a person sees comes with the session, shared/domain/staff-roles.ts).
 */
export const STAFF_PAGE_PATHS = [
  "/admin",
  "/admin/paquetes",
  "/admin/recepcion",
  "/admin/sin-dueno",
  "/admin/reporte-bodega",
  "/admin/embarques",
  "/admin/entregas",
  "/admin/pagos",
  "/admin/caja",
  "/admin/tracking",
  "/admin/bandeja-salida",
  "/admin/conversaciones",
  "/admin/mensajes",
  "/admin/referidos",
  "/admin/busquedas-ia",
  "/admin/importar-exportar",
  "/admin/cuentas",
  "/admin/registro",
  "/admin/mi-cuenta",
] as const;

export type StaffPagePath = (typeof STAFF_PAGE_PATHS)[number];

export type PagePath = (typeof PUBLIC_PAGE_PATHS)[number] | (typeof STAFF_PAGE_PATHS)[number];

/** The key of the not-found page among the prerendered files (no path leads to it). */
export const NOT_FOUND_PAGE = "not-found";

const PAGE_PATHS: readonly string[] = [...PUBLIC_PAGE_PATHS, ...STAFF_PAGE_PATHS];

/**
 * The page a pathname shows, matched as the client router matches it (regexparam: any letter
 * case, one optional trailing slash, %-escapes decoded), or undefined for the not-found page.
 */
export function pagePathOf(pathname: string): PagePath | undefined {
  let decoded = pathname;
  try {
    if (decoded.includes("%")) decoded = decodeURI(decoded);
  } catch {
    // Left as it came, as the router does.
  }
  const clean = decoded === "/" ? "/" : decoded.replace(/\/$/, "").toLowerCase();
  return PAGE_PATHS.includes(clean) ? (clean as PagePath) : undefined;
}

/** The folder of the build (dist/client) holding the prerendered pages; never served as files. */
export const PRERENDERED_DIR = ".pages";

/** The prerendered file of a public page or of the not-found page: "home.html", "faq.html". */
export function prerenderedFileOf(page: (typeof PUBLIC_PAGE_PATHS)[number] | typeof NOT_FOUND_PAGE): string {
  return `${page === "/" ? "home" : page.replace(/^\//, "")}.html`;
}
