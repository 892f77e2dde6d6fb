// @vitest-environment jsdom
// Who the business is (decision 207): the legal name, cédula jurídica and customs (TICA)
// registration in the footer, and directions to the office's pin on /contacto, from the brand the
// server configures; nothing shown when not configured.
import { cleanup, render, screen } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, describe, expect, it } from "vitest";
import { putBrandData } from "../../test/brand-data";

async function renderWithBrand(overrides: object | null) {
  putBrandData(overrides);
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
    // What the server puts in the page's brand JSON for these variables (src/server/config-brand.test.ts).
    const brand = {
      legalName: "Express Import Sociedad Anónima",
      legalId: "3-101-123456",
      customsCode: "TICA-0457",
      mapPin: { lat: 10.0732, lng: -84.3122 },
      mapEmbedUrl: "https://www.google.com/maps?q=10.0732,-84.3122&z=17&output=embed",
    };
    await renderWithBrand(brand);
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
});
