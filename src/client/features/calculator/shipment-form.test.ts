import { describe, expect, it } from "vitest";
import { formatColones } from "../../../shared/domain/format";
import { estimateLike } from "../../test/fixtures/product-analysis";
import { formatUsd } from "../../../shared/domain/format";
import { quoteMessage } from "./quote-message";
import { EMPTY_SHIPMENT, GRAMS_WHOLE, NUMBER_INVALID, readShipment, valuesFromAnalysis } from "./shipment-form";
import {
  SHIPMENT_MAX_GRAMS,
  SHIPMENT_MAX_SIDE_CM,
  SHIPMENT_SIDE_TOO_HIGH,
  SHIPMENT_WEIGHT_TOO_HIGH,
} from "../../../shared/api/shipment";
import { ZProductAnalysisSchema } from "../../../shared/api/product-analysis";

describe("reading the calculator", () => {
  it("prices 1500 g by air at 24.00 USD and the colones at the rate", () => {
    const reading = readShipment({ ...EMPTY_SHIPMENT, weight: "1500" }, 514);
    expect(reading.quote).toMatchObject({ mode: "aereo", usd: 24, crc: 12336, cubicFeet: null, deliveryTime: "3 a 6 días hábiles" });
    expect(reading.canQuote).toBe(true);
    expect(formatUsd(reading.quote.usd)).toBe("$24,00");
  });

  it("with the volumetric rule on, air charges the greater weight and the WhatsApp quote says so (docs/decisions/159)", () => {
    const values = { ...EMPTY_SHIPMENT, weight: "1500", largo: "40", ancho: "30", alto: "20" };
    expect(readShipment(values, 514).quote).toMatchObject({ usd: 24, crc: 12336, charged: { grams: 1500, volumetric: false } });
    const on = readShipment(values, 514, { divisorCm3PerKg: 5000 });
    expect(on.quote).toMatchObject({ usd: 72, crc: 37008, charged: { grams: 4800, volumetric: true } });
    expect(quoteMessage({ brandName: "Express Import", reading: on, rate: 514 })).toContain("40 × 30 × 20 cm (Peso cobrado: volumétrico 4,8 kg)");
  });

  it("prices 50×40×30 cm by sea at 3 pies³ and 105.00 USD, whatever the weight", () => {
    const values = { ...EMPTY_SHIPMENT, mode: "maritimo" as const, largo: "50", ancho: "40", alto: "30" };
    const light = readShipment({ ...values, weight: "100" }, 514);
    const heavy = readShipment({ ...values, weight: "90000" }, 514);
    expect(light.quote).toMatchObject({ cubicFeet: 3, usd: 105, crc: 53970 });
    expect(heavy.quote.usd).toBe(105);
    expect(readShipment({ ...values, mode: "maritimo-china" }, 514).quote).toMatchObject({ usd: 105, deliveryTime: "aproximadamente 70 días" });
  });

  it("keeps the quote button off without a cost, and by air without a weight; by sea the sizes are enough", () => {
    expect(readShipment(EMPTY_SHIPMENT, 514).canQuote).toBe(false);
    const seaWithoutWeight = { ...EMPTY_SHIPMENT, mode: "maritimo" as const, largo: "50", ancho: "40", alto: "30" };
    // Sea is priced by volume: a weight is not asked for what is not charged.
    expect(readShipment(seaWithoutWeight, 514).canQuote).toBe(true);
    expect(readShipment({ ...seaWithoutWeight, weight: "2000" }, 514).canQuote).toBe(true);
    expect(readShipment({ ...EMPTY_SHIPMENT, mode: "maritimo", weight: "2000" }, 514).canQuote).toBe(false);
  });

  it("gives no sea cost for sizes that are not numbers, and says which", () => {
    const reading = readShipment({ ...EMPTY_SHIPMENT, mode: "maritimo", weight: "1", largo: "50", ancho: "cuarenta", alto: "30" }, 514);
    expect(reading.quote.usd).toBe(0);
    expect(reading.errors).toEqual({ ancho: NUMBER_INVALID });
    expect(readShipment({ ...EMPTY_SHIPMENT, weight: "-5" }, 514).errors.weight).toBe(NUMBER_INVALID);
  });

  it("reads the weight in the unit chosen, and never prices '1,5' grams", () => {
    // "1,5" in grams is a mistake, said as such; in kilos it is 1 500 g.
    const fraction = readShipment({ ...EMPTY_SHIPMENT, weight: "1,5" }, 514);
    expect(fraction.errors.weight).toBe(GRAMS_WHOLE);
    expect(fraction.grams).toBeNull();
    expect(fraction.quote.usd).toBe(0);
    expect(fraction.canQuote).toBe(false);
    expect(readShipment({ ...EMPTY_SHIPMENT, weight: "1,5", unit: "kg" }, 514)).toMatchObject({ grams: 1500, quote: { usd: 24 } });
    expect(readShipment({ ...EMPTY_SHIPMENT, weight: "3", unit: "lb" }, 514).grams).toBe(1361);
    expect(readShipment({ ...EMPTY_SHIPMENT, weight: "501", unit: "kg" }, 514).errors.weight).toBe(SHIPMENT_WEIGHT_TOO_HIGH);
  });
});

describe("what a courier ships", () => {
  it("refuses 99 999 999 999 g instead of quoting $1399999999.99, with a clear message and no cost", () => {
    const reading = readShipment({ ...EMPTY_SHIPMENT, weight: "99999999999" }, 514);
    expect(reading.errors.weight).toBe(SHIPMENT_WEIGHT_TOO_HIGH);
    expect(SHIPMENT_WEIGHT_TOO_HIGH).toContain("500 kg");
    expect(reading.quote.usd).toBe(0);
    expect(reading.canQuote).toBe(false);
  });

  it("takes the heaviest allowed weight and prices it with grouped thousands", () => {
    const reading = readShipment({ ...EMPTY_SHIPMENT, weight: String(SHIPMENT_MAX_GRAMS) }, 514);
    expect(reading.errors).toEqual({});
    expect(formatUsd(reading.quote.usd)).toBe("$7\u00a0000,00");
    expect(readShipment({ ...EMPTY_SHIPMENT, weight: String(SHIPMENT_MAX_GRAMS + 1) }, 514).errors.weight).toBe(SHIPMENT_WEIGHT_TOO_HIGH);
  });

  it("bounds each sea size and says which", () => {
    const sea = { ...EMPTY_SHIPMENT, mode: "maritimo" as const, weight: "1000", largo: "500", ancho: "40", alto: "1200" };
    const reading = readShipment(sea, 514);
    expect(reading.errors).toEqual({ alto: SHIPMENT_SIDE_TOO_HIGH });
    expect(reading.quote.usd).toBe(0);
  });

  it("accepts every estimate the product assistant may give (the same limits on both sides)", () => {
    const biggest = estimateLike({
      mejor_opcion_envio: "maritimo",
      peso_estimado_con_embalaje: SHIPMENT_MAX_GRAMS,
      dimensiones_estimadas_con_embalaje: { largo: SHIPMENT_MAX_SIDE_CM, ancho: SHIPMENT_MAX_SIDE_CM, alto: SHIPMENT_MAX_SIDE_CM },
    });
    expect(ZProductAnalysisSchema.safeParse(biggest).success).toBe(true);
    expect(readShipment(valuesFromAnalysis(biggest), 514).errors).toEqual({});
    expect(ZProductAnalysisSchema.safeParse({ ...biggest, peso_estimado_con_embalaje: SHIPMENT_MAX_GRAMS + 1 }).success).toBe(false);
  });
});

describe("the assistant's estimate in the calculator", () => {
  it("takes the packed weight and sizes and the recommended mode", () => {
    const values = valuesFromAnalysis(estimateLike({ mejor_opcion_envio: "maritimo", peso_estimado_con_embalaje: 499.2 }));
    expect(values).toEqual({ mode: "maritimo", weight: "500", unit: "g", largo: "22", ancho: "14.5", alto: "8" });
  });
});

describe("the WhatsApp quote", () => {
  it("carries mode, weight, dollars, colones and the delivery time", () => {
    const reading = readShipment({ ...EMPTY_SHIPMENT, weight: "1500" }, 514);
    const message = quoteMessage({ brandName: "Express Import", reading, rate: 514 });
    expect(message).toContain("Hola Express Import");
    expect(message).toContain("Modalidad: Aéreo (Miami)");
    expect(message).toContain("Peso: 1");
    expect(message).toContain("$24,00");
    expect(message).toContain(formatColones(12336));
    expect(message).toContain("3 a 6 días hábiles");
    expect(message).not.toContain("Medidas");
  });

  it("carries the sizes and cubic feet by sea", () => {
    const reading = readShipment({ mode: "maritimo-china", weight: "800", unit: "g", largo: "50", ancho: "40", alto: "30" }, 514);
    const message = quoteMessage({ brandName: "Express Import", reading, rate: 514 });
    expect(message).toContain("Modalidad: Marítimo (China)");
    expect(message).toContain("Medidas: 50 × 40 × 30 cm (3 pies³)");
    expect(message).toContain("$105,00");
  });
});
