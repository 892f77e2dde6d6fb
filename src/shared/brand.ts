// Brand facts in one place. The server may override them from BRAND_* environment variables
// (see server/config.ts) and hands the result to the browser with the page, so another
// courier can run the same build under its own name.

import { DEFAULT_IMPORT_TAX_CATEGORIES, type ImportTaxCategory } from "./domain/import-taxes.ts";

export interface MiamiAddress {
  /** Street line. */
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

/**
 * Where a server-side render finds the brand overrides (the same JSON the page carries in
 * <script id="brand-data">): the server's render worker sets this global before it imports the
 * prerendering bundle, whose brand module reads it once at import (server/lib/site-render.ts).
 */
export const SERVER_BRAND_GLOBAL = "__expressImportBrandData";

/** Where the server serves the team's photographs from BRAND_TEAM_DIR. */
export const BRAND_TEAM_PHOTO_PATH = "/brand/equipo/";

/** A person of the business's own team (BRAND_TEAM_DIR; decision 105). */
export interface BrandTeamMember {
  name: string;
  role: string;
  bio: string;
  /** Served by this site: /brand/equipo/<file>. */
  photo: string;
  photoAlt: string;
}

export interface Brand {
  name: string;
  tagline: string;
  /** WhatsApp number in international digits, no plus: 50688887777. */
  whatsapp: string;
  /** Phone as people read it. */
  phoneDisplay: string;
  email: string;
  addressLine: string;
  city: string;
  hours: { weekdays: string; saturday: string };
  social: { facebook: string; whatsapp: string; linkedin: string };
  miami: { air: MiamiAddress; sea: MiamiAddress };
  foundedYear: number;
  shipmentsClaim: string;
  /** Public multi-carrier tracker; the number is appended. */
  globalTrackerUrl: string;
  /** Map embed shown on /contacto. */
  mapEmbedUrl: string;
  /** The business's own team with photographs; empty: the built-in illustrated team. */
  team: BrandTeamMember[];
  /** How clients pay (issue 21: the statement on /rastreo and the receipt); empty fields are not shown. */
  payment: BrandPayment;
  /** The business's legal id (cédula jurídica), printed on receipts and in the footer; empty: not shown. */
  legalId: string;
  /** The legal name (razón social) beside it in the footer; empty: not shown (decision 207). */
  legalName: string;
  /** Its registration with Costa Rica's customs service (TICA), in the footer and on /contacto; empty: not shown. */
  customsCode: string;
  /** The office's exact pin: the map, and Waze and Google Maps links on /contacto; null: the map of the town. */
  mapPin: { lat: number; lng: number } | null;
  /** The import-tax estimate's table (decision 208; IMPORT_TAX_CATEGORIES). */
  importTaxes: ImportTaxCategory[];
  /**
   * The pricing options the calculator must know (docs/decisions/159): the volumetric divisor for
   * air in cm³/kg when the business charges the greater of actual and volumetric weight; 0: off.
   */
  pricing: { volumetricDivisorCm3PerKg: number };
}

export interface BrandPayment {
  /** SINPE Móvil number as people read it: "7000-1234". */
  sinpeMovil: string;
  /** Whose name the SINPE Móvil transfer shows. */
  sinpeHolder: string;
  /** Bank account (IBAN, CR + 20 digits) for transfers; empty: not offered. */
  iban: string;
  bank: string;
}

export const DEFAULT_BRAND: Brand = {
  name: "Express Import",
  tagline: "Tu socio de importación",
  whatsapp: "50670001234",
  phoneDisplay: "+506 7000-1234",
  email: "info@expressimport.cr",
  addressLine: "Grecia, Alajuela, Costa Rica",
  city: "Grecia",
  hours: { weekdays: "Lunes a Viernes: 8:00 AM - 5:00 PM", saturday: "Sábado: 8:00 AM - 3:00 PM" },
  social: {
    facebook: "https://www.facebook.com/expressimportcr",
    whatsapp: "https://wa.me/50670001234",
    linkedin: "",
  },
  miami: {
    air: {
      address: "8256 NW 30th Terrace",
      city: "Doral",
      state: "FL",
      zip: "33178",
      phone: "+1 305 592 2025",
    },
    sea: {
      address: "10405 NW 121st Way",
      city: "Medley",
      state: "FL",
      zip: "33178",
      phone: "+1 305 887 0210",
    },
  },
  foundedYear: 2020,
  shipmentsClaim: "5,000+",
  globalTrackerUrl: "https://parcelsapp.com/es/tracking/",
  mapEmbedUrl: "https://www.google.com/maps?q=Grecia,+Alajuela,+Costa+Rica&output=embed",
  team: [],
  payment: { sinpeMovil: "7000-1234", sinpeHolder: "Express Import", iban: "", bank: "" },
  legalId: "",
  legalName: "",
  customsCode: "",
  mapPin: null,
  importTaxes: [...DEFAULT_IMPORT_TAX_CATEGORIES],
  pricing: { volumetricDivisorCm3PerKg: 0 },
};

/** Directions to the office's pin in Waze and in Google Maps (they open the apps on a phone). */
export function directionsLinks(pin: { lat: number; lng: number }): { waze: string; googleMaps: string } {
  const ll = `${pin.lat},${pin.lng}`;
  return {
    waze: `https://waze.com/ul?ll=${encodeURIComponent(ll)}&navigate=yes`,
    googleMaps: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ll)}`,
  };
}

/** The embedded map of the pin, or of the town when there is none. */
export function mapEmbedUrlFor(pin: { lat: number; lng: number } | null, fallback: string): string {
  return pin ? `https://www.google.com/maps?q=${pin.lat},${pin.lng}&z=17&output=embed` : fallback;
}
