import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND } from "../brand";
import {
  contactMessageQuote,
  contactReplyMessage,
  deliveryCoordinationMessage,
  expertHelpMessage,
  founderContactMessage,
  purchaseInquiryMessage,
  quoteRequestMessage,
  teamContactMessage,
  trackingStatusMessage,
  welcomeMessage,
  whatsappEntryStatusMessage,
} from "./messages";
import {
  ORIGINS,
  TRACKING_STATUSES,
  trackingStatusLabel,
  WHATSAPP_ENTRY_STATUS_LABELS,
  WHATSAPP_ENTRY_STATUSES,
} from "./statuses";

const brandName = DEFAULT_BRAND.name;

describe("welcomeMessage", () => {
  const text = welcomeMessage({ nombre: " Ana Pérez ", clientCode: "EX4K7P2M", brandName });

  it("greets the client by name and includes the brand and the unique code", () => {
    expect(text).toContain("¡Hola Ana Pérez!");
    expect(text).toContain("Express Import");
    expect(text).toContain("Tu código de cliente único es: EX4K7P2M");
  });

  it("tells the client to use the code in the Miami address", () => {
    expect(text).toMatch(/dirección de Miami/);
    expect(text).toContain("Ana Pérez EX4K7P2M");
  });

  it("says ¡Pura vida! once and no placeholder is left", () => {
    expect(text.match(/¡Pura vida!/g)).toHaveLength(1);
    expect(text).not.toMatch(/undefined|\$\{/);
  });
});

describe("trackingStatusMessage", () => {
  it("has a distinct sentence, with name, code and the label of the package's origin, for every status", () => {
    for (const origen of ORIGINS) {
      const texts = TRACKING_STATUSES.map((estado) =>
        trackingStatusMessage({ nombre: "Luis", trackingCode: "1Z999AA10123456784", estado, origen, brandName }),
      );
      expect(new Set(texts).size).toBe(TRACKING_STATUSES.length);
      TRACKING_STATUSES.forEach((estado, i) => {
        expect(texts[i]).toMatch(/^Hola Luis:/);
        expect(texts[i]).toContain("1Z999AA10123456784");
        expect(texts[i]).toContain(`Estado: ${trackingStatusLabel(estado, origen)}`);
        expect(texts[i]).not.toMatch(/undefined/);
      });
    }
  });

  it("names the warehouse of the package's origin: a package from China is not in Miami (issue 32)", () => {
    const china = trackingStatusMessage({ nombre: "Luis", trackingCode: "LP00123", estado: "EN_BODEGA_MIAMI", origen: "CHINA", brandName });
    expect(china).toContain("bodega en China");
    expect(china).toContain("Estado: En bodega China");
    expect(china).not.toMatch(/Miami/);
    const unknown = trackingStatusMessage({ nombre: "Luis", trackingCode: "LP00123", estado: "EN_BODEGA_MIAMI", brandName });
    expect(unknown).toContain("Estado: En bodega de origen");
    expect(unknown).not.toMatch(/Miami|China/);
  });

  it("invites the client to coordinate delivery when ready", () => {
    const text = trackingStatusMessage({ nombre: "Luis", trackingCode: "TBA123456789012", estado: "LISTO_PARA_ENTREGAR", brandName });
    expect(text).toContain("listo para entregar");
    expect(text).toContain("coordinar la entrega");
  });

  it("explains international tracking and the Miami arrival", () => {
    expect(
      trackingStatusMessage({ nombre: "Luis", trackingCode: "X1", estado: "SEGUIMIENTO_INTERNACIONAL", brandName }),
    ).toContain("courier internacional");
    expect(trackingStatusMessage({ nombre: "Luis", trackingCode: "X1", estado: "EN_BODEGA_MIAMI", origen: "USA", brandName })).toContain(
      "bodega en Miami",
    );
    expect(trackingStatusMessage({ nombre: "Luis", trackingCode: "X1", estado: "ENTREGADO", brandName })).toContain(
      "fue entregado",
    );
  });
});

describe("whatsappEntryStatusMessage", () => {
  it("has a distinct sentence, with name, code and label, for every entry status", () => {
    const texts = WHATSAPP_ENTRY_STATUSES.map((estado) =>
      whatsappEntryStatusMessage({ nombre: "Marta", trackingCode: "RB123456789CN", estado, brandName }),
    );
    expect(new Set(texts).size).toBe(WHATSAPP_ENTRY_STATUSES.length);
    WHATSAPP_ENTRY_STATUSES.forEach((estado, i) => {
      expect(texts[i]).toMatch(/^Hola Marta:/);
      expect(texts[i]).toContain("RB123456789CN");
      expect(texts[i]).toContain(`Estado: ${WHATSAPP_ENTRY_STATUS_LABELS[estado]}`);
    });
  });

  it("invites to coordinate delivery and explains a cancellation", () => {
    expect(whatsappEntryStatusMessage({ nombre: "M", trackingCode: "X", estado: "LISTO_PARA_ENTREGAR", brandName })).toContain(
      "coordinar la entrega",
    );
    expect(whatsappEntryStatusMessage({ nombre: "M", trackingCode: "X", estado: "CANCELADO", brandName })).toContain(
      "cancelado",
    );
  });
});

describe("contactReplyMessage", () => {
  const long = "Quisiera saber cuánto cuesta traer un televisor de 55 pulgadas desde Miami hasta Grecia.";

  it("quotes exactly the first 50 characters of the message", () => {
    const reply = contactReplyMessage({ nombre: "Carlos", mensaje: long });
    expect(reply).toContain(`"${long.slice(0, 50)}..."`);
    expect(reply).not.toContain(long.slice(0, 51));
    expect(reply).toMatch(/^Hola Carlos, gracias por contactarnos\./);
  });

  it("quotes a short message whole, without an ellipsis", () => {
    expect(contactReplyMessage({ nombre: "Carlos", mensaje: "¿Abren sábados?" })).toBe(
      'Hola Carlos, gracias por contactarnos. Respecto a tu mensaje: "¿Abren sábados?"',
    );
    expect(contactMessageQuote("x".repeat(50))).toBe("x".repeat(50));
    expect(contactMessageQuote("x".repeat(51))).toBe(`${"x".repeat(50)}...`);
  });

  it("counts characters, not UTF-16 units", () => {
    const quote = contactMessageQuote("📦".repeat(60));
    expect(Array.from(quote.replace(/\.\.\.$/, ""))).toHaveLength(50);
  });
});

describe("public prefilled chats", () => {
  it("gives each button its own Spanish text naming the brand", () => {
    const texts = [
      purchaseInquiryMessage(brandName),
      quoteRequestMessage(brandName),
      teamContactMessage({ brandName }),
      founderContactMessage({ brandName }),
      expertHelpMessage(brandName),
    ];
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(text).toContain(brandName);
    expect(purchaseInquiryMessage(brandName)).toContain("compra asistida");
    expect(quoteRequestMessage(brandName)).toContain("cotizar");
    expect(expertHelpMessage(brandName)).toContain("experto");
  });

  it("addresses a named team member or the founder", () => {
    expect(teamContactMessage({ brandName, memberName: "Sofía" })).toMatch(/^Hola Sofía,/);
    expect(founderContactMessage({ brandName, founderName: "Diego" })).toMatch(/^Hola Diego,/);
  });

  it("asks to coordinate delivery with the client's code and package", () => {
    const text = deliveryCoordinationMessage({ nombre: "Ana", clientCode: "EX4K7P2M", trackingCode: "TBA123456789012" });
    expect(text).toContain("EX4K7P2M");
    expect(text).toContain("TBA123456789012");
    expect(text).toContain("coordinar la entrega");
  });
});
