// Public route samples of the "people" group (see types.ts).
import type { PublicSamples } from "./types";

export const SAMPLES: PublicSamples = {};
