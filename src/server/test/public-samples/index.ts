// Every public route's sample, merged from the groups (one file per group of modules).
import type { PublicSamples } from "./types";
import { SAMPLES as MONEY } from "./money";
import { SAMPLES as PACKAGES } from "./packages";
import { SAMPLES as PEOPLE } from "./people";
import { SAMPLES as SITE } from "./site";
import { SAMPLES as ACCESS } from "./access";

export const PUBLIC_SAMPLES: PublicSamples = { ...PACKAGES, ...MONEY, ...PEOPLE, ...SITE, ...ACCESS };
