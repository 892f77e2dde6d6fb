// zod with Spanish default messages, so every rule without a custom text still answers in Spanish.
// Import `z` from here (not from "zod") in shared schemas.
import { z } from "zod";

z.config(z.locales.es());

export { z };
