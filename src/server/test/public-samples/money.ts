// Public route samples of the "money" group (see types.ts).
import type { PublicSamples } from "./types";

export const SAMPLES: PublicSamples = {};
