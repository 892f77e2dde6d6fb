// @vitest-environment jsdom
// A big client on /rastreo (issue 36 item 4): 41 packages are not 41 full cards. The packages on
// their way show ten at a time, the delivered ones fold into rows ten to a page, a status filter
// with counts narrows the list, and a package just pre-alerted is always brought back into view.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it } from "vitest";
import type { TClientTracking } from "../../../shared/api/trackings";
import type { TrackingStatus } from "../../../shared/domain/statuses";
import { PackageList } from "./package-list";
import { filterOptions, optionText, packagesFor } from "./package-filter";

afterEach(cleanup);

const pkg = (id: number, estado: TrackingStatus, saldo = 0): TClientTracking => ({
  id,
  trackingCode: `PKG${String(id).padStart(3, "0")}`,
  estado,
  origen: "USA",
  formaEnvio: "AVION",
  carrier: null,
  descripcionPaquete: null,
  tiendaOrigen: null,
  valorDeclarado: null,
  diferencia: null,
  pesoVolumetricoGramos: null,
  pesoPieCubicos: null,
  montoColones: 5000,
  createdAt: new Date(Date.UTC(2026, 10, 1) - id * 86_400_000).toISOString(),
  lastEventAt: "2026-11-20T15:00:00.000Z",
  history: [],
  coupon: null,
  photos: [],
  delivery: null,
  cargo: { lineas: [], totalColones: 5000, pagadoColones: 5000 - saldo, saldoColones: saldo },
  enVerificacion: false,
  factura: null,
});

/** 41 packages, newest first: 3 in international tracking, 6 in Miami, 3 ready (one owing), 29 delivered (one owing). */
function bigClient(): TClientTracking[] {
  const list: TClientTracking[] = [];
  let id = 1;
  for (let i = 0; i < 3; i++) list.push(pkg(id++, "SEGUIMIENTO_INTERNACIONAL"));
  for (let i = 0; i < 6; i++) list.push(pkg(id++, "EN_BODEGA_MIAMI"));
  for (let i = 0; i < 3; i++) list.push(pkg(id++, "LISTO_PARA_ENTREGAR", i === 0 ? 5000 : 0));
  for (let i = 0; i < 29; i++) list.push(pkg(id++, "ENTREGADO", i === 4 ? 2500 : 0));
  return list;
}

const card = (t: TClientTracking) => <article aria-label={t.trackingCode}>{t.trackingCode}</article>;
const renderList = (trackings: TClientTracking[], highlightId: number | null = null) =>
  render(<PackageList trackings={trackings} highlightId={highlightId} renderCard={card} />);
const cardsShown = () => screen.queryAllByRole("article").map((a) => a.getAttribute("aria-label"));

describe("package filter rules", () => {
  it("offers Todos, Por pagar and each status the client has, with counts", () => {
    expect(filterOptions(bigClient()).map(optionText)).toEqual([
      "Todos (41)",
      "Por pagar (2)",
      "Seguimiento internacional (3)",
      expect.stringMatching(/\(6\)$/),
      expect.stringMatching(/\(3\)$/),
      expect.stringMatching(/\(29\)$/),
    ]);
  });

  it("folds the paid delivered ones away under Todos and shows every owing package, delivered or not, under Por pagar", () => {
    const all = packagesFor(bigClient(), "TODOS");
    expect(all.cards).toHaveLength(13); // the 12 on their way and the delivered one that still owes
    expect(all.delivered).toHaveLength(28);
    expect(packagesFor(bigClient(), "POR_PAGAR").cards.map((t) => t.trackingCode)).toEqual(["PKG010", "PKG017"]);
  });
});

describe("PackageList with 41 packages", () => {
  it("shows ten full cards, then ten more, and the delivered folded into rows", async () => {
    const { container } = renderList(bigClient());
    expect(cardsShown()).toHaveLength(10);
    const region = screen.getByRole("region", { name: "Entregados (28)" });
    expect(within(region).queryAllByRole("listitem")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Ver 3 paquetes más (3 sin mostrar)" }));
    expect(cardsShown()).toHaveLength(13);
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  it("pages the delivered rows ten at a time, each opening its full card", () => {
    renderList(bigClient());
    const region = screen.getByRole("region", { name: "Entregados (28)" });
    fireEvent.click(within(region).getByRole("button", { name: "Ver entregados" }));
    const rows = () => within(screen.getByRole("list", { name: /^Entregados, página/ })).getAllByRole("listitem");
    expect(rows()).toHaveLength(10);
    expect(rows()[0]!.textContent).toContain("PKG013");
    expect(within(region).getByText("Página 1 de 3")).toBeTruthy();
    fireEvent.click(within(region).getByRole("button", { name: "Siguiente" }));
    fireEvent.click(within(region).getByRole("button", { name: "Siguiente" }));
    expect(rows()).toHaveLength(8);
    expect(rows()[7]!.textContent).toContain("PKG041");
    fireEvent.click(within(region).getByRole("button", { name: "Ver detalle de PKG041" }));
    expect(within(region).getByRole("article", { name: "PKG041" })).toBeTruthy();
  });

  it("filters by status: Entregado lists only rows, a status only its cards", () => {
    renderList(bigClient());
    const select = screen.getByLabelText("Filtrar por estado");
    fireEvent.change(select, { target: { value: "ENTREGADO" } });
    expect(cardsShown()).toHaveLength(0);
    expect(screen.getByRole("list", { name: "Entregados, página 1 de 3" })).toBeTruthy();
    fireEvent.change(select, { target: { value: "LISTO_PARA_ENTREGAR" } });
    expect(cardsShown()).toEqual(["PKG010", "PKG011", "PKG012"]);
    expect(screen.queryByRole("region", { name: /^Entregados/ })).toBeNull();
    fireEvent.change(select, { target: { value: "POR_PAGAR" } });
    expect(cardsShown()).toEqual(["PKG010", "PKG017"]);
  });

  it("goes back to Todos when a just pre-alerted package is hidden by the filter", () => {
    const list = bigClient();
    const { rerender } = renderList(list);
    fireEvent.change(screen.getByLabelText("Filtrar por estado"), { target: { value: "ENTREGADO" } });
    const fresh = [pkg(99, "SEGUIMIENTO_INTERNACIONAL"), ...list];
    rerender(<PackageList trackings={fresh} highlightId={99} renderCard={card} />);
    expect(cardsShown()[0]).toBe("PKG099");
    expect((screen.getByLabelText("Filtrar por estado") as HTMLSelectElement).value).toBe("TODOS");
  });

  it("shows a small client as before: every card in full, a delivered one included", () => {
    renderList([pkg(1, "EN_BODEGA_MIAMI"), pkg(2, "ENTREGADO")]);
    expect(screen.queryByLabelText("Filtrar por estado")).toBeNull();
    expect(cardsShown()).toEqual(["PKG001", "PKG002"]);
    expect(screen.queryByRole("region", { name: /^Entregados/ })).toBeNull();
  });
});
