// @vitest-environment jsdom
// Who the business is (decision 207): the legal name, cédula jurídica and customs (TICA)
// registration in the footer, and directions to the office's pin on /contacto, from the brand the
// server configures; nothing shown when not configured.
import { cleanup, render, screen } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../../server/config";

async function renderWithBrand(overrides: object | null) {
  document.getElementById("brand-data")?.remove();
  if (overrides) {
    const script = document.createElement("script");
    script.id = "brand-data";
    script.type = "application/json";
    script.textContent = JSON.stringify(overrides);
    document.head.append(script);
  }
  vi.resetModules();
  const { SiteFooter } = await import("./site-footer");
  const { OfficeMap } = await import("../../features/contact/contact-details");
  render(
    <Router hook={memoryLocation({ path: "/contacto" }).hook}>
      <OfficeMap />
      <SiteFooter />
    </Router>,
  );
}

afterEach(() => {
  cleanup();
  document.getElementById("brand-data")?.remove();
});

describe("trust facts", () => {
  it("shows the configured legal name, cédula jurídica, TICA registration and directions to the pin", async () => {
    const { brand } = loadConfig({
      NODE_ENV: "test",
      BRAND_LEGAL_NAME: "Express Import Sociedad Anónima",
      BRAND_LEGAL_ID: "3-101-123456",
      BRAND_CUSTOMS_CODE: "TICA-0457",
      BRAND_MAP_PIN: "10.0732, -84.3122",
    });
    expect(brand.mapPin).toEqual({ lat: 10.0732, lng: -84.3122 });
    expect(brand.mapEmbedUrl).toBe("https://www.google.com/maps?q=10.0732,-84.3122&z=17&output=embed");
    // The server hands the browser its brand as JSON in the page.
    await renderWithBrand(JSON.parse(JSON.stringify(brand)));
    expect(screen.getByTestId("footer-legal").textContent).toBe(
      "Express Import Sociedad Anónima · Cédula jurídica 3-101-123456 · Registro ante Aduanas (TICA): TICA-0457",
    );
    const waze = screen.getByRole("link", { name: "Abrir en Waze" });
    expect(waze.getAttribute("href")).toBe("https://waze.com/ul?ll=10.0732%2C-84.3122&navigate=yes");
    expect(waze.getAttribute("target")).toBe("_blank");
    expect(screen.getByRole("link", { name: "Abrir en Google Maps" }).getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=10.0732%2C-84.3122",
    );
    expect(document.querySelector("iframe")?.getAttribute("src")).toBe(brand.mapEmbedUrl);
  });

  it("shows none of them when they are not configured, and keeps the town's map", async () => {
    await renderWithBrand(null);
    expect(screen.queryByTestId("footer-legal")).toBeNull();
    expect(screen.queryByRole("link", { name: "Abrir en Waze" })).toBeNull();
    expect(document.querySelector("iframe")?.getAttribute("src")).toMatch(/Grecia/);
  });

  it("refuses a pin or a customs code that cannot be right, naming the variable", () => {
    for (const pin of ["10.07", "norte de la iglesia", "100,-84", "10.07,-200"]) {
      expect(() => loadConfig({ NODE_ENV: "test", BRAND_MAP_PIN: pin }), pin).toThrow(/BRAND_MAP_PIN/);
    }
    expect(() => loadConfig({ NODE_ENV: "test", BRAND_CUSTOMS_CODE: "<script>" })).toThrow(/BRAND_CUSTOMS_CODE/);
  });

  it("takes the import-tax table from IMPORT_TAX_CATEGORIES, and refuses one that cannot be right", () => {
    const table = [{ id: "ropa", label: "Ropa", dai: [0.1, 0.14], selectivo: [0, 0], iva: 0.13 }];
    expect(loadConfig({ NODE_ENV: "test", IMPORT_TAX_CATEGORIES: JSON.stringify(table) }).brand.importTaxes).toEqual(table);
    expect(loadConfig({ NODE_ENV: "test" }).brand.importTaxes.map((c) => c.id)).toContain("consolas");
    for (const bad of ["no es json", "[]", JSON.stringify([{ ...table[0], iva: 13 }])]) {
      expect(() => loadConfig({ NODE_ENV: "test", IMPORT_TAX_CATEGORIES: bad }), bad).toThrow(/IMPORT_TAX_CATEGORIES/);
    }
  });
});
