// The site's links in one place: the desktop bar, the mobile sheet and the footer all read
// these lists (public-site §2, "Navigation and chrome").

export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
}

export const primaryLinks: NavLink[] = [
  { label: "Inicio", href: "/" },
  { label: "Calculadora", href: "/calculadora" },
  { label: "Repuestos IA", href: "/repuestos" },
];

export const navGroups: NavGroup[] = [
  {
    label: "Rastreo",
    links: [
      { label: "Rastreo", href: "/rastreo" },
      { label: "Inscripción", href: "/avisos-tracking" },
    ],
  },
  {
    label: "Empresa",
    links: [
      { label: "Servicios", href: "/servicios" },
      { label: "Sobre Nosotros", href: "/sobre-nosotros" },
    ],
  },
  {
    label: "Ayuda",
    links: [
      { label: "FAQ", href: "/faq" },
      { label: "Contacto", href: "/contacto" },
    ],
  },
];

/** The nine links of the mobile sheet, in the desktop bar's order. */
export const allLinks: NavLink[] = [...primaryLinks, ...navGroups.flatMap((group) => group.links)];

export const footerLinks: NavLink[] = [
  { label: "Inicio", href: "/" },
  { label: "Servicios", href: "/servicios" },
  { label: "Sobre Nosotros", href: "/sobre-nosotros" },
  { label: "Rastreo", href: "/rastreo" },
  { label: "FAQ", href: "/faq" },
  { label: "Contacto", href: "/contacto" },
];

/** Beside the spec's quick links: the page where anyone gets a package's status by WhatsApp. */
export const WHATSAPP_NOTICES_LINK: NavLink = { label: "Avisos de tracking por WhatsApp", href: "/tracking-whatsapp" };

/** Beside the quick links: what Aduanas charges on an import (decision 208). */
export const IMPORT_TAXES_LINK: NavLink = { label: "Impuestos de importación", href: "/impuestos" };

export const QUOTE_HREF = "/calculadora";
export const LOCKER_HREF = "/avisos-tracking";

/** Exact match, ignoring a trailing slash, so "/" is not active on every page. */
export function isActivePath(location: string, href: string): boolean {
  const clean = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
  return clean(location) === clean(href);
}
