// The brand is read once, when lib/brand loads: a test that shows a rebranded page writes the
// brand JSON the server would put in the page, and loads the components afresh after it.
import { vi } from "vitest";

/** Puts `overrides` in the page as <script id="brand-data"> (null: none) and forgets loaded modules. */
export function putBrandData(overrides: object | null): void {
  document.getElementById("brand-data")?.remove();
  if (overrides) {
    const script = document.createElement("script");
    script.id = "brand-data";
    script.type = "application/json";
    script.textContent = JSON.stringify(overrides);
    document.head.append(script);
  }
  vi.resetModules();
}
