// Public route samples of the "packages" group (see types.ts).
import type { PublicSamples } from "./types";

export const SAMPLES: PublicSamples = {};
