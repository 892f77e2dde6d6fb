import { describe, expect, it } from "vitest";
import {
  LEGACY_WHATSAPP_ENTRY_STATUSES,
  ORIGINS,
  TRACKING_STATUS_LABELS,
  TRACKING_STATUSES,
  trackingStatusLabel,
  WHATSAPP_ENTRY_STATUS_LABELS,
  WHATSAPP_ENTRY_STATUSES,
  whatsappEntryStatusLabel,
  type Origin,
  type TrackingStatus,
} from "./statuses";

// Issue 32 item 4 (docs/decisions/157): a package's status reads in its origin's words, and the
// WhatsApp entries and the portal share one vocabulary.
const EXPECTED: Record<TrackingStatus, Record<Origin | "none", string>> = {
  SEGUIMIENTO_INTERNACIONAL: { USA: "Seguimiento internacional", CHINA: "Seguimiento internacional", none: "Seguimiento internacional" },
  EN_BODEGA_MIAMI: { USA: "En bodega Miami", CHINA: "En bodega China", none: "En bodega de origen" },
  EN_ADUANAS: { USA: "En aduanas", CHINA: "En aduanas", none: "En aduanas" },
  EN_BODEGA_CR: { USA: "En bodega Costa Rica", CHINA: "En bodega Costa Rica", none: "En bodega Costa Rica" },
  LISTO_PARA_ENTREGAR: { USA: "Listo para entregar", CHINA: "Listo para entregar", none: "Listo para entregar" },
  ENTREGADO: { USA: "Entregado", CHINA: "Entregado", none: "Entregado" },
};

describe("trackingStatusLabel", () => {
  it.each(TRACKING_STATUSES.flatMap((status) => [...ORIGINS, null].map((origin) => [status, origin] as const)))(
    "%s from %s",
    (status, origin) => {
      expect(trackingStatusLabel(status, origin)).toBe(EXPECTED[status][origin ?? "none"]);
    },
  );

  it("gives the neutral form where no package is at hand, and the map says the same", () => {
    for (const status of TRACKING_STATUSES) expect(TRACKING_STATUS_LABELS[status]).toBe(trackingStatusLabel(status, null));
  });

  it("reads stored rows as they come: an unknown origin is neutral, an unknown code reads as itself", () => {
    expect(trackingStatusLabel("EN_BODEGA_MIAMI", "MARTE")).toBe("En bodega de origen");
    expect(trackingStatusLabel("EN_BODEGA_MIAMI", "toString")).toBe("En bodega de origen");
    expect(trackingStatusLabel("OTRO", "USA")).toBe("OTRO");
    expect(trackingStatusLabel("constructor", null)).toBe("constructor");
  });
});

describe("one vocabulary for the WhatsApp entries and the portal", () => {
  const packageWords = new Set(TRACKING_STATUSES.flatMap((s) => [...ORIGINS, null].map((o) => trackingStatusLabel(s, o))));
  const entryOnly = ["PENDIENTE", "EN_TRANSITO", "CANCELADO"];

  it("names every step an entry shares with a package with the package's words", () => {
    for (const status of WHATSAPP_ENTRY_STATUSES) {
      if (entryOnly.includes(status)) continue;
      expect(packageWords, `${status}: ${WHATSAPP_ENTRY_STATUS_LABELS[status]}`).toContain(WHATSAPP_ENTRY_STATUS_LABELS[status]);
    }
    expect(Object.values(WHATSAPP_ENTRY_STATUS_LABELS)).toEqual(expect.arrayContaining(["En aduanas", "Listo para entregar", "En bodega Costa Rica"]));
  });

  it("has none of the old variants", () => {
    const words = Object.values(WHATSAPP_ENTRY_STATUS_LABELS);
    for (const old of ["En aduana", "Listo para entrega", "En aduanas CR", "En bodega CR", "Recibido en Miami"]) expect(words).not.toContain(old);
  });

  it("uses the package's code for a shared step, and each old code became one of them", () => {
    for (const status of WHATSAPP_ENTRY_STATUSES) {
      if (entryOnly.includes(status)) continue;
      expect(TRACKING_STATUSES as readonly string[]).toContain(status);
      expect(whatsappEntryStatusLabel(status)).toBe(trackingStatusLabel(status, null));
    }
    for (const next of Object.values(LEGACY_WHATSAPP_ENTRY_STATUSES)) expect(WHATSAPP_ENTRY_STATUSES as readonly string[]).toContain(next);
  });
});
