import { describe, expect, it } from "vitest";
import { AIR_RATE_TIERS } from "../../../shared/domain/pricing";
import { PROHIBITED_GOODS } from "../../../shared/domain/policies";
import { brand } from "../../lib/brand";
import { airRateLines, buildFaq, FAQ_TEASER_COUNT } from "./faq-content";
import { brandWhatsappLink, whatsappLinks } from "../../components/whatsapp-link";

const answerOf = (id: string) => {
  const entry = buildFaq().find((e) => e.id === id);
  if (!entry) throw new Error(`sin pregunta ${id}`);
  return [...entry.answer, ...(entry.list ?? [])].join(" ");
};

describe("FAQ", () => {
  it("has twelve distinct questions, and the home page shows five", () => {
    const faq = buildFaq();
    expect(faq).toHaveLength(12);
    expect(new Set(faq.map((e) => e.id)).size).toBe(12);
    expect(new Set(faq.map((e) => e.question)).size).toBe(12);
    for (const entry of faq) {
      expect(entry.question).toMatch(/^¿.+\?$/);
      expect(entry.answer.join(" ").length).toBeGreaterThan(60);
    }
    expect(FAQ_TEASER_COUNT).toBe(5);
  });

  it("lists one air rate per weight tier, grams grouped as in es-CR and dollars as the calculator writes them", () => {
    expect(airRateLines()).toEqual([
      "Hasta 1\u00a0999 g: $0,016 por gramo",
      "De 2\u00a0000 a 4\u00a0999 g: $0,015 por gramo",
      "5\u00a0000 g o más: $0,014 por gramo",
    ]);
    expect(airRateLines()).toHaveLength(AIR_RATE_TIERS.length);
  });

  it("states the spec's figures", () => {
    expect(answerOf("tarifa-aerea")).toContain("1\u00a0500 g cuesta $24,00");
    expect(answerOf("tarifa-maritima")).toContain("$35 por pie cúbico");
    expect(answerOf("tarifa-maritima")).toContain("dividiendo entre 28\u00a0316,85");
    expect(answerOf("tarifa-maritima")).toContain("50 × 40 × 30 cm ocupa 3 pies cúbicos y cuesta $105,00");
    expect(answerOf("tiempos")).toMatch(/3 a 6 días hábiles.*7 a 10 días hábiles.*3 a 5 días hábiles/);
    expect(answerOf("tiempos")).toMatch(/15 a 22 días.*aproximadamente 70 días/);
    expect(answerOf("almacenaje")).toContain("30 días");
    expect(answerOf("seguro")).toMatch(/100 USD.*48 horas.*fotos/);
    for (const item of PROHIBITED_GOODS) expect(answerOf("prohibidos")).toContain(item);
    expect(answerOf("prohibidos")).toContain("medicamentos sin receta médica ni armas");
    expect(answerOf("referidos")).toMatch(/5% de descuento.*cupón de 10%.*60 días.*máximo de 10%/);
    expect(answerOf("entregas")).toContain(`gratis en ${brand.city}`);
    expect(answerOf("horario")).toContain("de 8:00 a 17:00, y los sábados, de 8:00 a 15:00");
  });
});

describe("WhatsApp links", () => {
  const textOf = (href: string) => new URL(href).searchParams.get("text");

  it("open a chat with the brand's number and the prefilled text", () => {
    const href = brandWhatsappLink("Hola, ¿cuánto cuesta traer 2 kg?");
    expect(href.startsWith(`https://wa.me/${brand.whatsapp}?text=`)).toBe(true);
    expect(textOf(href)).toBe("Hola, ¿cuánto cuesta traer 2 kg?");
  });

  it("carry one text per purpose", () => {
    expect(textOf(whatsappLinks.quote())).toMatch(/cotizar/);
    expect(textOf(whatsappLinks.purchase())).toMatch(/compra asistida/);
    expect(textOf(whatsappLinks.expert())).toMatch(/experto/);
    expect(textOf(whatsappLinks.team("Karla"))).toMatch(/^Hola Karla,/);
    expect(textOf(whatsappLinks.team())).toMatch(/^Hola equipo de /);
    expect(textOf(whatsappLinks.founder("Andrés"))).toMatch(/^Hola Andrés,/);
  });
});
