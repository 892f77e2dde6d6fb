// The declared fields' rules (issue 32 item 5): one rule per kind of input, Spanish errors.
import { describe, expect, it } from "vitest";
import {
  DECLARED_CONTENT_MAX,
  DECLARED_CONTENT_TOO_LONG,
  DECLARED_STORE_MAX,
  DECLARED_STORE_TOO_LONG,
  DECLARED_VALUE_DECIMALS,
  DECLARED_VALUE_INVALID,
  DECLARED_VALUE_NEGATIVE,
  DECLARED_VALUE_TOO_HIGH,
  DISCREPANCY_NOTE_REQUIRED,
  declaredValueProblem,
  discrepancyText,
  parseDeclaredValueText,
  volumetricChargeText,
  ZDeclaredContentSchema,
  ZDeclaredStoreSchema,
  ZDeclaredValueUsdSchema,
  ZDeclaredValueUsdTextSchema,
  ZDiscrepancySchema,
} from "./declared";
import { ZPreAlertFormSchema, ZPreAlertRequestSchema } from "./trackings";
import { ZCreateAdminTrackingRequestSchema, ZTrackingFormSchema } from "./admin/trackings";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("declared value (USD)", () => {
  it("accepts 0, cents and the ceiling; refuses negatives, a third decimal, above the ceiling and non-numbers", () => {
    expect(declaredValueProblem(0)).toBeNull();
    expect(declaredValueProblem(49.99)).toBeNull();
    expect(declaredValueProblem(0.29)).toBeNull(); // 0.29 × 100 is 28.999… in binary
    expect(declaredValueProblem(100_000)).toBeNull();
    expect(declaredValueProblem(-1)).toBe(DECLARED_VALUE_NEGATIVE);
    expect(declaredValueProblem(10.555)).toBe(DECLARED_VALUE_DECIMALS);
    expect(declaredValueProblem(100_000.01)).toBe(DECLARED_VALUE_TOO_HIGH);
    expect(declaredValueProblem(Number.NaN)).toBe(DECLARED_VALUE_INVALID);
    expect(DECLARED_VALUE_TOO_HIGH).toMatch(/^El valor declarado máximo es \$100\s000,00$/u);
  });

  it("the JSON rule and the form's text rule say the same", () => {
    expect(ZDeclaredValueUsdSchema.parse(12.5)).toBe(12.5);
    expect(ZDeclaredValueUsdSchema.parse(null)).toBeNull();
    expect(firstMessage(ZDeclaredValueUsdSchema.safeParse("12"))).toBe(DECLARED_VALUE_INVALID);
    expect(firstMessage(ZDeclaredValueUsdSchema.safeParse(1.234))).toBe(DECLARED_VALUE_DECIMALS);
    expect(ZDeclaredValueUsdTextSchema.safeParse("").success).toBe(true);
    expect(ZDeclaredValueUsdTextSchema.safeParse("49,99").success).toBe(true);
    expect(firstMessage(ZDeclaredValueUsdTextSchema.safeParse("1,234"))).toBe(DECLARED_VALUE_DECIMALS);
    expect(firstMessage(ZDeclaredValueUsdTextSchema.safeParse("-3"))).toBe(DECLARED_VALUE_NEGATIVE);
    expect(firstMessage(ZDeclaredValueUsdTextSchema.safeParse("mucho"))).toBe(DECLARED_VALUE_INVALID);
    expect(parseDeclaredValueText("$ 49,99")).toBe(49.99);
    expect(parseDeclaredValueText("120 USD")).toBe(120);
  });
});

describe("declared texts", () => {
  it("store and content are one line, trimmed, without control characters, bounded; blank is none", () => {
    expect(ZDeclaredStoreSchema.parse("  Amazon.com  ")).toBe("Amazon.com");
    expect(ZDeclaredStoreSchema.parse("   ")).toBeNull();
    expect(ZDeclaredStoreSchema.parse(undefined)).toBeUndefined();
    expect(ZDeclaredContentSchema.parse("2 camisas\ny audífonos")).toBe("2 camisas y audífonos");
    expect(ZDeclaredContentSchema.safeParse("a\u202Eb").success).toBe(false);
    expect(firstMessage(ZDeclaredStoreSchema.safeParse("x".repeat(DECLARED_STORE_MAX + 1)))).toBe(DECLARED_STORE_TOO_LONG);
    expect(firstMessage(ZDeclaredContentSchema.safeParse("x".repeat(DECLARED_CONTENT_MAX + 1)))).toBe(DECLARED_CONTENT_TOO_LONG);
  });

  it("the portal's pre-alert and staff's create use the same rules", () => {
    const base = { clientCode: "EX4K7P2M", trackingCode: "1Z999AA10123456784" };
    for (const schema of [ZPreAlertRequestSchema, ZCreateAdminTrackingRequestSchema]) {
      expect(firstMessage(schema.safeParse({ ...base, valorDeclarado: 10.555 }))).toBe(DECLARED_VALUE_DECIMALS);
      expect(firstMessage(schema.safeParse({ ...base, tiendaOrigen: "x".repeat(DECLARED_STORE_MAX + 1) }))).toBe(DECLARED_STORE_TOO_LONG);
    }
    const form = ZPreAlertFormSchema.parse({ ...base, descripcionPaquete: "", tiendaOrigen: "Shein", valorDeclarado: "19,90" });
    expect(form).toMatchObject({ descripcionPaquete: null, tiendaOrigen: "Shein", valorDeclarado: 19.9 });
    const staffForm = ZTrackingFormSchema.safeParse({
      trackingCode: "1Z1",
      estado: "SEGUIMIENTO_INTERNACIONAL",
      origen: "USA",
      formaEnvio: "AVION",
      carrier: "",
      tiendaOrigen: "",
      descripcionPaquete: "",
      pesoPieCubicos: "",
      valorDeclarado: "100000,01",
    });
    expect(firstMessage(staffForm)).toBe(DECLARED_VALUE_TOO_HIGH);
  });
});

describe("the difference flagged at receipt and the volumetric charge, as the client reads them", () => {
  it("needs a kind and a note", () => {
    expect(ZDiscrepancySchema.parse({ tipo: "PESO", nota: " Declaró 1 kg, pesa 3,4 kg " })).toEqual({ tipo: "PESO", nota: "Declaró 1 kg, pesa 3,4 kg" });
    expect(firstMessage(ZDiscrepancySchema.safeParse({ tipo: "PESO", nota: "" }))).toBe(DISCREPANCY_NOTE_REQUIRED);
    expect(ZDiscrepancySchema.safeParse({ tipo: "COLOR", nota: "x" }).success).toBe(false);
    expect(discrepancyText({ tipo: "CONTENIDO", nota: "Llegaron 3 libros" })).toBe("Diferencia con lo declarado (contenido): Llegaron 3 libros");
  });

  it("says the charged volumetric weight in kilograms with one decimal", () => {
    expect(volumetricChargeText(3200)).toBe("Peso cobrado: volumétrico 3,2 kg");
    expect(volumetricChargeText(4800)).toBe("Peso cobrado: volumétrico 4,8 kg");
  });
});
