// The parts provider seam: what the parts assistant asks for and the offers it gets back.
import type { TPartResult } from "../../../shared/api/parts-assistant";

export interface PartsQuery {
  marca: string;
  modelo: string;
  anio: number;
  numeroPieza?: string;
  parte?: string;
  descripcion?: string;
  imagenUrl?: string;
}

export interface PartsSearchOutcome {
  results: TPartResult[];
  /** True when the offers are direct store-search links (no AI, or the AI failed). */
  fallbackUsado: boolean;
}

export interface WarnLogger {
  warn(obj: object, msg?: string): void;
}

export interface PartsProvider {
  readonly name: "openai" | "store-links";
  /** Never rejects for an outside failure: an honest offline answer takes the AI's place. */
  search(query: PartsQuery, log?: WarnLogger): Promise<PartsSearchOutcome>;
}
