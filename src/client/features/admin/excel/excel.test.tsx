// @vitest-environment jsdom
// The import dialog and the export download against a stubbed server: the missing-file message,
// progress while the import runs, the summary with each sheet's 'Fila N' errors, the failure toast
// with the server's message, and an export saved under the server's file name.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Dialog } from "../../../components/ui/dialog";
import { Toaster } from "../../../components/ui/toast";
import { dismissToast } from "../../../components/ui/use-toast";
import type { TImportResponse } from "../../../../shared/api/excel";
import { downloadExport, fileNameFromDisposition } from "./download-export";
import { ImportDialog } from "./import-form";

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
};

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

  it("shows progress, then the summary with each sheet's row errors and the success toast", async () => {
    let release!: (r: Response) => void;
    respond = () => new Promise((resolve) => (release = resolve));
    const onImported = vi.fn();
    renderDialog(onImported);
    pick("datos.xlsx");
    fireEvent.click(screen.getByRole("button", { name: "Importar" }));
    expect(await screen.findByRole("progressbar")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Importar" }) as HTMLButtonElement).disabled).toBe(true);

    const sent = requests[0];
    expect(sent.url).toBe("/api/import/express");
    expect(sent.init.method).toBe("POST");
    expect((sent.init.body as FormData).get("file")).toBeInstanceOf(File);

    await act(async () => release(json(200, answer)));
    const summary = await screen.findByRole("region", { name: "Resumen de la importación" });
    expect(screen.queryByRole("progressbar")).toBeNull();
    const count = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(count("Clientes creados")).toBe("2");
    expect(count("Clientes omitidos")).toBe("1");
    expect(count("Paquetes creados")).toBe("3");
    expect(count("Paquetes actualizados")).toBe("1");
    expect(within(summary).getByText("Hoja Clientes: 1 fila con error")).toBeTruthy();
    expect(within(summary).getByText("Hoja Trackings: 2 filas con errores")).toBeTruthy();
    expect(within(summary).getByText('Fila 5: el origen "MARTE" no es válido (use USA o CHINA)')).toBeTruthy();
    expect(await screen.findByText("¡Importación completada!")).toBeTruthy();
    expect(screen.getAllByText(/Clientes: 2 creados, 1 omitidos\. Paquetes: 3 creados, 1 actualizados\. 3 filas con errores\./)).not.toHaveLength(0);
    expect(onImported).toHaveBeenCalledWith(answer);
  });

  it("shows the server's message, or the spec's fallback, when the import fails", async () => {
    respond = () => json(413, { error: "Contenido demasiado grande", message: 'La hoja "Trackings" tiene más de 50.000 filas.', code: "PAYLOAD_TOO_LARGE" });
    renderDialog();
    pick("grande.xlsx");
    fireEvent.click(screen.getByRole("button", { name: "Importar" }));
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
