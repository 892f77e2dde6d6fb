// @vitest-environment jsdom
// The import dialog and the export download against a stubbed server: the missing-file message,
// the preview step (counts, status changes, the backwards choice, messages; decision 117) before
// anything is applied, the summary with each sheet's 'Fila N' errors, the failure toast with the
// server's message, and an export saved under the server's file name.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Dialog } from "../../../components/ui/dialog";
import { Toaster } from "../../../components/ui/toast";
import { dismissToast } from "../../../components/ui/use-toast";
import type { TImportResponse } from "../../../../shared/api/excel";
import { downloadExport } from "./download-export";
import { fileNameFromDisposition } from "../../../lib/admin/download-file";
import axe from "axe-core";
import { ImportDialog, ImportPanel } from "./import-form";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let respond: (url: string, init: RequestInit) => Promise<Response> | Response;
const requests: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return respond(url, init);
    }),
  );
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(onImported?: (r: TImportResponse) => void) {
  return render(
    <>
      <Dialog open>
        <ImportDialog onImported={onImported} />
      </Dialog>
      <Toaster />
    </>,
  );
}

function pick(name: string, content = "PK\u0003\u0004") {
  const input = screen.getByLabelText("Archivo Excel") as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([content], name)] } });
}

const none = { total: 0, items: [] };
const answer: TImportResponse = {
  clients: { created: 2, skipped: 1, errors: [{ row: 5, error: 'Fila 5: falta el valor de la columna "nombre"' }] },
  trackings: {
    created: 3,
    updated: 1,
    unchanged: 0,
    errors: [
      { row: 4, error: 'Fila 4: el cliente "EXNOPE99" no existe' },
      { row: 5, error: 'Fila 5: el origen "MARTE" no es válido (use USA o CHINA)' },
    ],
  },
  mode: "apply",
  backwards: "keep",
  statusChanges: none,
  backwardMoves: none,
  messages: none,
  unpriced: none,
  fingerprint: "a".repeat(64),
};

const backwardMove = {
  row: 2,
  clientCode: "EXAB12CD",
  trackingCode: "TBA500000000001",
  origen: "USA",
  from: "ENTREGADO",
  to: "LISTO_PARA_ENTREGAR",
  backwards: true,
} as const;
const forwardMove = { row: 3, clientCode: "EXAB12CD", trackingCode: "TBA500000000002", origen: "CHINA", from: "EN_BODEGA_MIAMI", to: "EN_ADUANAS", backwards: false, applied: true } as const;
const customsMessage = { row: 3, clientCode: "EXAB12CD", trackingCode: "TBA500000000002", recipient: "50688776655", body: "Hola Marta, su paquete TBA500000000002 está En aduanas." };

/** The preview of an old sheet: one forward move (messaged), one backwards move kept or applied. */
function previewOf(backwards: "keep" | "apply"): TImportResponse {
  const applied = backwards === "apply";
  return {
    clients: { created: 0, skipped: 0, errors: [] },
    trackings: { created: 1, updated: applied ? 2 : 1, unchanged: applied ? 0 : 1, errors: [{ row: 5, error: 'Fila 5: el cliente "EXNOPE99" no existe' }] },
    mode: "preview",
    backwards,
    statusChanges: applied ? { total: 2, items: [{ ...backwardMove, applied }, forwardMove] } : { total: 1, items: [forwardMove] },
    backwardMoves: { total: 1, items: [{ ...backwardMove, applied }] },
    messages: applied
      ? { total: 2, items: [{ ...customsMessage, row: 2, trackingCode: "TBA500000000001", body: "Listo" }, customsMessage] }
      : { total: 1, items: [customsMessage] },
    unpriced: none,
    fingerprint: (applied ? "b" : "c").repeat(64),
  };
}

describe("ImportDialog", () => {
  it("asks for a file before sending anything", async () => {
    renderDialog();
    fireEvent.click(screen.getByRole("button", { name: "Importar" }));
    expect(await screen.findAllByText("Por favor seleccione un archivo Excel")).not.toHaveLength(0);
    expect(screen.getByLabelText("Archivo Excel").getAttribute("aria-invalid")).toBe("true");
    expect(requests).toEqual([]);
  });

  it("lists the sheets and their columns", () => {
    renderDialog();
    expect(screen.getByText(/client_code, nombre, direccion \(opcional\), telefono/)).toBeTruthy();
    expect(screen.getByText(/origen, forma_envio, estado \(opcional\)/)).toBeTruthy();
  });

  it("previews first (progress, counts, status changes, backwards choice, messages, errors), then applies the previewed plan", async () => {
    let release!: (r: Response) => void;
    respond = () => new Promise((resolve) => (release = resolve));
    const onImported = vi.fn();
    renderDialog(onImported);
    pick("viejo.xlsx");
    // Choosing the file asks for the preview at once; nothing is applied.
    expect(await screen.findByRole("progressbar")).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe("/api/import/express/preview");
    expect(requests[0].init.method).toBe("POST");
    expect((requests[0].init.body as FormData).get("file")).toBeInstanceOf(File);
    expect((requests[0].init.body as FormData).get("backwards")).toBe("keep");

    await act(async () => release(json(200, previewOf("keep"))));
    const shown = await screen.findByRole("region", { name: "Vista previa de la importación" });
    expect(screen.queryByRole("progressbar")).toBeNull();
    const count = (region: HTMLElement, label: string) => within(region).getByText(label).nextElementSibling?.textContent;
    expect(count(shown, "Paquetes a crear")).toBe("1");
    expect(count(shown, "Paquetes a actualizar")).toBe("1");
    expect(count(shown, "Paquetes sin cambios")).toBe("1");
    expect(count(shown, "Mensajes de WhatsApp")).toBe("1");
    expect(within(shown).getByText("Paquetes que volverían a un estado anterior (1)")).toBeTruthy();
    expect(within(shown).getByText("TBA500000000001 (EXAB12CD): Entregado → Listo para entregar")).toBeTruthy();
    expect(within(shown).getByText("TBA500000000002 (EXAB12CD): En bodega China → En aduanas")).toBeTruthy();
    expect(within(shown).getByText("TBA500000000002 (EXAB12CD) → +50688776655")).toBeTruthy();
    expect(within(shown).getByText('Fila 5: el cliente "EXNOPE99" no existe')).toBeTruthy();
    const keep = within(shown).getByRole("radio", { name: /Mantener el estado actual/ }) as HTMLInputElement;
    expect(keep.checked).toBe(true);
    expect(screen.queryByRole("button", { name: "Importar" })).toBeNull();
    expect(screen.getByRole("button", { name: "Cancelar" })).toBeTruthy();

    // Choosing 'Retroceder también' previews that plan.
    fireEvent.click(within(shown).getByRole("radio", { name: /Retroceder también/ }));
    expect(requests).toHaveLength(2);
    expect((requests[1].init.body as FormData).get("backwards")).toBe("apply");
    await act(async () => release(json(200, previewOf("apply"))));
    await waitFor(() => expect(count(screen.getByRole("region", { name: "Vista previa de la importación" }), "Mensajes de WhatsApp")).toBe("2"));

    // Applying sends the same file with the choice and the fingerprint of the plan shown.
    fireEvent.click(screen.getByRole("button", { name: "Aplicar importación" }));
    expect(requests).toHaveLength(3);
    expect(requests[2].url).toBe("/api/import/express");
    const sent = requests[2].init.body as FormData;
    expect(sent.get("file")).toBeInstanceOf(File);
    expect(sent.get("backwards")).toBe("apply");
    expect(sent.get("fingerprint")).toBe("b".repeat(64));
    const done = { ...previewOf("apply"), mode: "apply" as const };
    await act(async () => release(json(200, done)));
    const summary = await screen.findByRole("region", { name: "Resumen de la importación" });
    expect(screen.queryByRole("region", { name: "Vista previa de la importación" })).toBeNull();
    expect(count(summary, "Paquetes actualizados")).toBe("2");
    expect(await screen.findByText("¡Importación completada!")).toBeTruthy();
    expect(screen.getAllByText(/2 mensajes de WhatsApp quedaron en cola\./)).not.toHaveLength(0);
    expect(onImported).toHaveBeenCalledWith(done);
  });

  it("flags the packages left in bodega or later without an amount, with the reason, before applying and after (decision 163)", async () => {
    const flags = {
      total: 2,
      items: [
        { row: 2, clientCode: "EXAB12CD", trackingCode: "TBA500000000003", estado: "EN_BODEGA_MIAMI", origen: "USA", motivo: "Sin peso" },
        { row: 4, clientCode: "EXAB12CD", trackingCode: "TBA500000000004", estado: "EN_ADUANAS", origen: "USA", motivo: "Sin monto" },
      ],
    } as const;
    let release!: (r: Response) => void;
    respond = () => new Promise((resolve) => (release = resolve));
    render(
      <>
        <ImportPanel onImported={() => {}} />
        <Toaster />
      </>,
    );
    pick("miami.xlsx");
    await act(async () => release(json(200, { ...previewOf("keep"), unpriced: flags })));
    const shown = await screen.findByRole("region", { name: "Vista previa de la importación" });
    const group = within(shown).getByRole("group", { name: "2 paquetes en bodega o después quedarían sin monto" });
    expect(within(group).getByText("Fila 2: TBA500000000003 (EXAB12CD) · En bodega Miami · Sin peso")).toBeTruthy();
    expect(within(group).getByText("Fila 4: TBA500000000004 (EXAB12CD) · En aduanas · Sin monto")).toBeTruthy();
    expect(within(group).getByText(/no pasarán a Listo para entregar hasta registrar el peso y el monto/)).toBeTruthy();
    const { violations } = await axe.run(shown, { resultTypes: ["violations"] });
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Aplicar importación" }));
    await act(async () => release(json(200, { ...previewOf("keep"), mode: "apply", unpriced: flags })));
    const summary = await screen.findByRole("region", { name: "Resumen de la importación" });
    const after = within(summary).getByRole("group", { name: "2 paquetes en bodega o después quedaron sin monto" });
    expect(within(after).getByText("Fila 2: TBA500000000003 (EXAB12CD) · En bodega Miami · Sin peso")).toBeTruthy();
    expect(within(after).getByRole("link", { name: "Ver en Paquetes (Sin peso o monto)" }).getAttribute("href")).toMatch(/\/admin\/paquetes\?sinMonto=1$/);
    // The success toast says it too.
    expect(await screen.findByText(/Paquetes: 1 creados, 1 actualizados\..* 2 paquetes en bodega o después quedaron sin monto\./)).toBeTruthy();
  });

  it("shows the summary with each sheet's row errors after applying", async () => {
    respond = (url) => json(200, url.endsWith("/preview") ? { ...answer, mode: "preview" } : answer);
    renderDialog();
    pick("datos.xlsx");
    fireEvent.click(await screen.findByRole("button", { name: "Aplicar importación" }));
    const summary = await screen.findByRole("region", { name: "Resumen de la importación" });
    const count = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(count("Clientes creados")).toBe("2");
    expect(count("Clientes omitidos")).toBe("1");
    expect(count("Paquetes creados")).toBe("3");
    expect(count("Paquetes actualizados")).toBe("1");
    expect(within(summary).getByText("Hoja Clientes: 1 fila con error")).toBeTruthy();
    expect(within(summary).getByText("Hoja Trackings: 2 filas con errores")).toBeTruthy();
    expect(within(summary).getByText('Fila 5: el origen "MARTE" no es válido (use USA o CHINA)')).toBeTruthy();
    expect(screen.getAllByText(/Clientes: 2 creados, 1 omitidos\. Paquetes: 3 creados, 1 actualizados\. 3 filas con errores\./)).not.toHaveLength(0);
    expect(requests.map((r) => r.url)).toEqual(["/api/import/express/preview", "/api/import/express"]);
  });

  it("cancelling applies nothing; a plan that changed since the preview is refused and previewed again", async () => {
    respond = () => json(200, previewOf("keep"));
    renderDialog();
    pick("viejo.xlsx");
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("region", { name: "Vista previa de la importación" })).toBeNull();
    expect(await screen.findByText("Importación cancelada")).toBeTruthy();
    expect(requests.map((r) => r.url)).toEqual(["/api/import/express/preview"]);

    act(() => dismissToast());
    pick("viejo.xlsx");
    await screen.findByRole("button", { name: "Aplicar importación" });
    const changed = "Los datos cambiaron desde la vista previa: no se aplicó nada. Revise la nueva vista previa antes de importar.";
    respond = (url) => (url.endsWith("/preview") ? json(200, previewOf("keep")) : json(409, { error: "Conflicto", message: changed, code: "CONFLICT" }));
    fireEvent.click(screen.getByRole("button", { name: "Aplicar importación" }));
    expect(await screen.findByText(changed)).toBeTruthy();
    await waitFor(() => expect(requests.map((r) => r.url).slice(-2)).toEqual(["/api/import/express", "/api/import/express/preview"]));
    expect(await screen.findByRole("region", { name: "Vista previa de la importación" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Resumen de la importación" })).toBeNull();
  });

  it("works as a page section too (no dialog), with no serious axe violations in the preview", async () => {
    respond = () => json(200, previewOf("keep"));
    render(<ImportPanel />);
    pick("viejo.xlsx");
    expect(await screen.findByRole("region", { name: "Vista previa de la importación" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cerrar" })).toBeNull();
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  it("shows the server's message, or the spec's fallback, when the import fails", async () => {
    respond = () => json(413, { error: "Contenido demasiado grande", message: 'La hoja "Trackings" tiene más de 50.000 filas.', code: "PAYLOAD_TOO_LARGE" });
    renderDialog();
    pick("grande.xlsx");
    expect(await screen.findByText('La hoja "Trackings" tiene más de 50.000 filas.')).toBeTruthy();

    act(() => dismissToast());
    respond = () => Promise.reject(new TypeError("Failed to fetch"));
    fireEvent.click(screen.getByRole("button", { name: "Importar" }));
    expect(await screen.findByText("No se pudo importar el archivo Excel")).toBeTruthy();
  });

  it("refuses other file types in the browser", async () => {
    renderDialog();
    pick("datos.csv", "a,b");
    fireEvent.click(screen.getByRole("button", { name: "Importar" }));
    expect(await screen.findAllByText("El archivo debe ser una hoja de cálculo Excel (.xlsx o .xls).")).not.toHaveLength(0);
    expect(requests).toEqual([]);
  });
});

describe("downloadExport", () => {
  it("reads the server's file name", () => {
    expect(fileNameFromDisposition('attachment; filename="mensajes-contacto-2026-05-01.xlsx"')).toBe("mensajes-contacto-2026-05-01.xlsx");
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it("saves the file under the server's name and toasts; toasts the failure otherwise", async () => {
    const saved: string[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    render(<Toaster />);
    respond = () =>
      new Response("PK\u0003\u0004", { status: 200, headers: { "content-disposition": 'attachment; filename="clientes-trackings-2026-05-01.xlsx"' } });
    await act(async () => {
      expect(await downloadExport("clients")).toBe(true);
    });
    expect(requests[0].url).toBe("/api/export/clients");
    expect(saved).toEqual(["clientes-trackings-2026-05-01.xlsx"]);
    expect(await screen.findByText("¡Archivo descargado!")).toBeTruthy();

    act(() => dismissToast());
    respond = () => json(503, { error: "Servicio no disponible", message: "Servicio no disponible temporalmente.", code: "UNAVAILABLE" });
    await act(async () => {
      expect(await downloadExport("all")).toBe(false);
    });
    expect(await screen.findByText("Error al exportar datos")).toBeTruthy();
    expect(screen.getByText("Servicio no disponible temporalmente.")).toBeTruthy();

    act(() => dismissToast());
    respond = () => Promise.reject(new TypeError("Failed to fetch"));
    await act(async () => {
      await downloadExport("contacts");
    });
    expect(await screen.findByText("No se pudo exportar los datos")).toBeTruthy();
    click.mockRestore();
    await waitFor(() => expect(saved).toHaveLength(1));
  });
});
