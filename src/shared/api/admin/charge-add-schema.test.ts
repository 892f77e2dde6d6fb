// The body of POST /api/admin/trackings/{id}/charges reads one line or a list with a transform,
// which JSON Schema cannot describe. Its two forms are named on the route (bodyForms) and written
// as JSON Schema by the server with the API document — never when the entry loads, which the admin
// bundle and the server's start both do (decision 194).
import { describe, expect, it, vi } from "vitest";

const toJSONSchema = vi.hoisted(() => vi.fn());
vi.mock("zod", async (importOriginal) => {
  const zod = await importOriginal<typeof import("zod")>();
  toJSONSchema.mockImplementation(zod.z.toJSONSchema);
  return { ...zod, z: { ...zod.z, toJSONSchema } };
});

describe("the charges' contract entry", () => {
  it("writes no JSON Schema when it loads", async () => {
    const { CHARGE_ADD_ROUTE } = await import("./payments");
    expect(CHARGE_ADD_ROUTE.body).toBeDefined();
    expect(toJSONSchema).not.toHaveBeenCalled();
  });

  it("names the two forms of its body, each still checked by its own schema", async () => {
    const { CHARGE_ADD_ROUTE, ZChargeCreateSchema, ZChargeBatchSchema } = await import("./payments");
    expect(CHARGE_ADD_ROUTE.bodyForms).toEqual([ZChargeCreateSchema, ZChargeBatchSchema]);
    const one = { kind: "ENTREGA", description: "Entrega a domicilio", amountColones: 2500 };
    expect(CHARGE_ADD_ROUTE.body.parse(one)).toEqual(one);
    expect(CHARGE_ADD_ROUTE.body.parse({ lines: [one, one] })).toEqual([one, one]);
    const refused = CHARGE_ADD_ROUTE.body.safeParse({ lines: [{ ...one, amountColones: 0 }] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(["lines", 0, "amountColones"]);
  });
});
