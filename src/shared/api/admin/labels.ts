// Package labels (issue 20, docs/decisions/131): GET /api/admin/labels?ids=1,2,3&format=termica|a4
// → application/pdf, one label per received package with the Code 128 of packageLabelCode(id)
// (shared/domain/warehouse.ts), which every scan field finds again.
import { z } from "../../validation";
import { binary, defineRoute } from "../contract";

export const LABEL_FORMATS = ["termica", "a4"] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
/** Labels one PDF holds at most. */
export const LABELS_MAX = 500;
/** A4: 2 columns × 3 rows of labels per sheet. */
export const LABELS_PER_A4 = 6;

export const LABELS_IDS_INVALID = `Indica entre 1 y ${LABELS_MAX} paquetes (ids separados por comas).`;
export const LABELS_FORMAT_INVALID = "Formato de etiqueta inválido: termica o a4";
export const LABELS_NOT_FOUND = "Alguno de los paquetes no existe.";
export const labelsNotReceived = (code: string) => `El paquete ${code} aún no se ha recibido en bodega: no tiene etiqueta.`;
export const LABELS_PRINT = "Imprimir etiquetas";
export const LABELS_PRINT_ONE = "Imprimir etiqueta";
export const LABELS_FAILED = "No se pudieron generar las etiquetas.";
export const LABELS_POPUP_BLOCKED = "El navegador bloqueó la pestaña nueva: se descargó el PDF.";

export const ZLabelsQuerySchema = z.object({
  ids: z
    .string({ error: LABELS_IDS_INVALID })
    .trim()
    .max(LABELS_MAX * 11, LABELS_IDS_INVALID)
    .regex(/^\d{1,10}(,\d{1,10})*$/, LABELS_IDS_INVALID)
    .transform((v) => [...new Set(v.split(",").map(Number))])
    .refine((ids) => ids.length <= LABELS_MAX && ids.every((id) => id > 0 && id <= 2_147_483_647), LABELS_IDS_INVALID),
  format: z.enum(LABEL_FORMATS, { error: LABELS_FORMAT_INVALID }).default("termica"),
});

/** GET /api/admin/labels (ANY_STAFF): the labels of received packages, one PDF. */
export const LABELS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/labels",
  tag: "shipments",
  summary: "Las etiquetas de paquetes recibidos (térmica o A4), en un PDF",
  query: ZLabelsQuerySchema,
  responses: { 200: binary("application/pdf") },
});
