// What a shipment may measure (issue 17, item 14; decision 024): the calculator's fields in the
// browser and the product assistant's answers on the server are checked by these schemas, so a
// quote never prices 99 999 999 999 g and an estimate always fits the calculator it fills.
import { formatWholeNumber } from "../domain/format";
import { parseDecimalInput } from "../domain/pricing";
import { z } from "../validation";

/** 500 kg: beyond any parcel or consolidated load a courier quotes on its web page. */
export const SHIPMENT_MAX_GRAMS = 500_000;
/** 5 m on any side: a kayak or a sofa fits, a vehicle does not. */
export const SHIPMENT_MAX_SIDE_CM = 500;

export const SHIPMENT_NUMBER_INVALID = "Ingresa un número mayor que 0";
export const SHIPMENT_WEIGHT_TOO_HIGH = `El peso máximo es ${formatWholeNumber(SHIPMENT_MAX_GRAMS)} g (${formatWholeNumber(SHIPMENT_MAX_GRAMS / 1000)} kg); para más, cotiza por WhatsApp`;
export const SHIPMENT_SIDE_TOO_HIGH = `Cada medida puede ser de hasta ${formatWholeNumber(SHIPMENT_MAX_SIDE_CM)} cm; para más, cotiza por WhatsApp`;

export const ZShipmentGramsSchema = z
  .number({ error: SHIPMENT_NUMBER_INVALID })
  .positive(SHIPMENT_NUMBER_INVALID)
  .max(SHIPMENT_MAX_GRAMS, SHIPMENT_WEIGHT_TOO_HIGH);
export const ZShipmentCentimetresSchema = z
  .number({ error: SHIPMENT_NUMBER_INVALID })
  .positive(SHIPMENT_NUMBER_INVALID)
  .max(SHIPMENT_MAX_SIDE_CM, SHIPMENT_SIDE_TOO_HIGH);

/** A number as a person types it ("1500", "2,5", "2.5") checked against one of the schemas above. */
function typed(schema: z.ZodNumber) {
  return z
    .string()
    .transform((text, ctx) => {
      const value = parseDecimalInput(text);
      if (value === null) {
        ctx.addIssue({ code: "custom", message: SHIPMENT_NUMBER_INVALID });
        return z.NEVER;
      }
      return value;
    })
    .pipe(schema);
}

/** The calculator's sizes as typed, one schema each (a blank field is simply not read; the weight has a unit). */
export const ZTypedShipmentSchemas = {
  largo: typed(ZShipmentCentimetresSchema),
  ancho: typed(ZShipmentCentimetresSchema),
  alto: typed(ZShipmentCentimetresSchema),
} as const;
