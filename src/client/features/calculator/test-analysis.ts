// Test helper: a complete product analysis with the fields a test cares about overridden.
import type { TProductAnalysis } from "../../../shared/api/product-analysis";

export function estimateLike(overrides: Partial<TProductAnalysis> = {}): TProductAnalysis {
  return {
    descripcion_verificacion: "Un celular en su caja.",
    categoria_producto: "Celular / smartphone",
    peso_estimado_con_embalaje: 500,
    peso_estimado: 220,
    dimensiones_estimadas_con_embalaje: { largo: 22, ancho: 14.46, alto: 8 },
    dimensiones_estimadas: { largo: 16, ancho: 8, alto: 1 },
    volumen_pies_cubicos: 0.09,
    mejor_opcion_envio: "aereo",
    razon_recomendacion: "Es liviano.",
    tiempo_entrega_estimado: "3 a 6 días hábiles",
    consideraciones_importacion: ["Guarda la factura."],
    fallback_usado: true,
    ...overrides,
  };
}
