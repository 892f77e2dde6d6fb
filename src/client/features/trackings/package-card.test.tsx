// @vitest-environment jsdom
// The package card's photos and proof (issue 20): arrival photos as small lazy thumbnails with
// Spanish alt text that open larger, and "Entregado a … el …" with the delivery photo and the
// signature; nothing of it when the package has none; no serious axe violations.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it } from "vitest";
import type { TClientTracking } from "../../../shared/api/trackings";
import { formatDateTime } from "../../../shared/domain/format";
import { PackageCard } from "./package-card";
import { clientTrackingFixture } from "../../test/portal-kit";

const tracking = (over: Partial<TClientTracking> = {}): TClientTracking =>
  clientTrackingFixture({
    id: 3,
    estado: "ENTREGADO",
    createdAt: "2026-11-01T15:00:00.000Z",
    lastEventAt: "2026-11-25T15:00:00.000Z",
    history: [],
    photos: [
      { url: "/objects/uploads/aaaa", kind: "LLEGADA", createdAt: "2026-11-10T15:00:00.000Z" },
      { url: "/objects/uploads/bbbb", kind: "LLEGADA", createdAt: "2026-11-10T15:01:00.000Z" },
    ],
    delivery: {
      recibidoPor: "José Pérez Quesada",
      deliveredAt: "2026-11-25T21:30:00.000Z",
      photoUrl: "/objects/uploads/cccc",
      signatureUrl: "/objects/uploads/dddd",
    },
    ...over,
  });

const renderCard = (t: TClientTracking) =>
  render(<PackageCard tracking={t} client={{ nombre: "Marta Solano", clientCode: "EX123456" }} highlighted={false} onEdit={() => {}} onDelete={() => {}} />);

afterEach(cleanup);

describe("PackageCard photos and proof of delivery", () => {
  it("shows the arrival thumbnails (lazy, Spanish alt) that open larger, and who received it, when, photo and signature", async () => {
    renderCard(tracking());
    expect(screen.getByText(`Entregado a José Pérez Quesada el ${formatDateTime("2026-11-25T21:30:00.000Z")}`)).toBeTruthy();
    const signature = screen.getByRole("img", { name: "Firma de quien recibió el paquete" });
    expect(signature.getAttribute("src")).toBe("/objects/uploads/dddd");
    const thumbs = screen.getAllByRole("button", { name: /^Ver foto más grande/ });
    expect(thumbs.map((b) => b.getAttribute("aria-label"))).toEqual([
      "Ver foto más grande: Foto de la entrega del paquete",
      "Ver foto más grande: Foto del paquete al llegar a la bodega (1 de 2)",
      "Ver foto más grande: Foto del paquete al llegar a la bodega (2 de 2)",
    ]);
    expect(thumbs.every((b) => b.querySelector("img")?.getAttribute("loading") === "lazy")).toBe(true);
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    fireEvent.click(thumbs[1]);
    const dialog = await screen.findByRole("dialog", { name: "Foto del paquete al llegar a la bodega (1 de 2)" });
    expect(within(dialog).getByRole("img", { name: "Foto del paquete al llegar a la bodega (1 de 2)" }).getAttribute("src")).toBe("/objects/uploads/aaaa");
  });

  it("reports a photo or signature that did not load (its link may have ended: decision 146)", () => {
    const failed: string[] = [];
    render(
      <PackageCard
        tracking={tracking()}
        client={{ nombre: "Marta Solano", clientCode: "EX123456" }}
        highlighted={false}
        onEdit={() => {}}
        onDelete={() => {}}
        onImageError={(src) => failed.push(new URL(src).pathname)}
      />,
    );
    fireEvent.error(screen.getByRole("img", { name: "Firma de quien recibió el paquete" }));
    fireEvent.error(screen.getAllByRole("button", { name: /^Ver foto más grande/ })[0].querySelector("img")!);
    expect(failed).toEqual(["/objects/uploads/dddd", "/objects/uploads/cccc"]);
  });

  it("shows neither photos nor proof when there are none", () => {
    renderCard(tracking({ estado: "EN_ADUANAS", photos: [], delivery: null }));
    expect(screen.queryByText(/Entregado a/)).toBeNull();
    expect(screen.queryByText("Fotos en bodega")).toBeNull();
    expect(screen.queryAllByRole("img")).toEqual([]);
  });

  it("a package whose number staff have not confirmed yet reads 'Recibido, en verificación' in place of its status (decision 155)", () => {
    renderCard(tracking({ estado: "SEGUIMIENTO_INTERNACIONAL", enVerificacion: true, photos: [], delivery: null, pesoPieCubicos: null, montoColones: null, cargo: null }));
    expect(screen.getByText("Recibido, en verificación")).toBeTruthy();
    expect(screen.getByText(/Estamos verificando que sea tuyo/)).toBeTruthy();
    expect(screen.queryByText("Seguimiento internacional")).toBeNull();
  });
});

describe("PackageCard declared vs measured (issue 32 item 5)", () => {
  it("shows the declared value, the difference the warehouse flagged and a volumetric charge", async () => {
    const { container } = renderCard(
      tracking({
        estado: "EN_BODEGA_MIAMI",
        photos: [],
        delivery: null,
        descripcionPaquete: "Un libro",
        valorDeclarado: 15.5,
        pesoPieCubicos: "1500",
        pesoVolumetricoGramos: 3200,
        diferencia: { tipo: "CONTENIDO", nota: "Llegaron 3 libros" },
      }),
    );
    expect(screen.getByText("$15,50")).toBeTruthy();
    expect(screen.getByText("Diferencia con lo declarado (contenido): Llegaron 3 libros")).toBeTruthy();
    expect(screen.getByText("Peso cobrado: volumétrico 3,2 kg")).toBeTruthy();
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  it("says nothing of it when there is none", () => {
    renderCard(tracking({ estado: "EN_ADUANAS", photos: [], delivery: null }));
    expect(screen.queryByText(/Diferencia con lo declarado/)).toBeNull();
    expect(screen.queryByText(/Peso cobrado/)).toBeNull();
    expect(screen.queryByText("Valor declarado")).toBeNull();
  });
});

describe("PackageCard numbers in one es-CR style (issue 36 item 5, decision 219)", () => {
  it("writes the declared dollars, the cubic feet and the amount alike: '$33 390,00', '1,4 pies³', '₡17 162 460'", () => {
    renderCard(
      tracking({
        estado: "EN_BODEGA_CR",
        formaEnvio: "BARCO",
        photos: [],
        delivery: null,
        valorDeclarado: 33390,
        pesoPieCubicos: "1.4",
        montoColones: 17_162_460,
        cargo: { lineas: [{ kind: "FLETE", description: "Flete", amountColones: 17_162_460 }], totalColones: 17_162_460, pagadoColones: 0, saldoColones: 17_162_460 },
      }),
    );
    // Testing Library reads the es-CR no-break spaces as plain ones.
    expect(screen.getByText("$33 390,00")).toBeTruthy();
    expect(screen.getByText("1,4 pies³")).toBeTruthy();
    expect(screen.getAllByText("₡17 162 460").length).toBeGreaterThan(0);
  });
});
