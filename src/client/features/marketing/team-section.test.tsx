// @vitest-environment jsdom
// The team section (decision 105): the built-in illustrations never claim to be real people's
// photos; the business's own team (brand.team, from BRAND_TEAM_DIR) shows with its photographs,
// and its first member signs the founder's message.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { putBrandData } from "../../test/brand-data";
import type { BrandTeamMember } from "../../../shared/brand";

const TEAM: BrandTeamMember[] = [
  { name: "María José Pérez Rojas", role: "Fundadora", bio: "Abrió la oficina en 2019.", photo: "/brand/equipo/maria.jpg", photoAlt: "María José Pérez en la bodega" },
  { name: "Luis Mora Vargas", role: "Bodega", bio: "Recibe cada paquete.", photo: "/brand/equipo/luis.webp", photoAlt: "Luis Mora con una caja" },
];

// The brand is read once, when lib/brand loads: each case loads the section afresh under its page.
async function renderWithBrand(overrides: object | null) {
  putBrandData(overrides);
  const { TeamSection } = await import("./team-section");
  const { FounderMessage } = await import("./founder-message");
  render(
    <>
      <TeamSection />
      <FounderMessage />
    </>,
  );
}

afterEach(() => {
  cleanup();
  document.getElementById("brand-data")?.remove();
});

describe("team section", () => {
  it("presents the built-in pictures as illustrations, not as real people's photos", async () => {
    await renderWithBrand(null);
    expect(screen.getByRole("heading", { level: 2, name: "El equipo detrás de cada envío" })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/personas reales|fotos? reales/i);
    const pictures = screen.getAllByRole("img");
    expect(pictures.length).toBeGreaterThanOrEqual(4);
    for (const picture of pictures) expect(picture.getAttribute("alt")).toMatch(/^Ilustración de /);
  });

  it("shows the business's own team with its photographs, and the first member signs the founder's message", async () => {
    await renderWithBrand({ team: TEAM });
    expect(screen.getByRole("heading", { level: 2, name: "Personas reales detrás de cada envío" })).toBeTruthy();
    const maria = screen.getAllByRole("img", { name: "María José Pérez en la bodega" });
    expect(maria.map((img) => img.getAttribute("src"))).toEqual(["/brand/equipo/maria.jpg", "/brand/equipo/maria.jpg"]);
    expect(screen.getByRole("img", { name: "Luis Mora con una caja" }).getAttribute("src")).toBe("/brand/equipo/luis.webp");
    expect(screen.queryByText("Andrés Solano Vargas")).toBeNull();
    // Greeted by the given names (decision 106), in the card and in the founder's message.
    expect(screen.getByRole("link", { name: /Escribir a María José$/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Escribirle a María José/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Escribir a Luis$/ })).toBeTruthy();
  });
});
