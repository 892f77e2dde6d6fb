// @vitest-environment jsdom
// The scan field's camera (issue 20, decision 129), as far as jsdom goes: the button, the message
// when the camera cannot be opened, and a read through the browser's BarcodeDetector (a fake one
// here) reaching onScan with the camera turned off, and the fall-back to zxing-wasm (mocked) with
// its .wasm from our own origin. The real zxing-wasm reading a (fake-device) camera is walked in
// Chromium by tests/e2e/warehouse-camera.test.ts.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ScanField } from "./scan-field";
import { CAMERA_ERROR } from "./barcode-camera";

// zxing-wasm's reader, replaced: what matters here is where it is told to fetch its .wasm from
// and what it is asked to read (the real one reads in Chromium, warehouse-camera.test.ts).
const zxing = vi.hoisted(() => ({
  prepareZXingModule: vi.fn(async (_options: { overrides: { locateFile: (path: string, prefix: string) => string } }) => ({})),
  readBarcodes: vi.fn(async (_image: unknown, _options: unknown) => [] as { isValid: boolean; text: string }[]),
}));
vi.mock("zxing-wasm/reader", () => zxing);

const ALL_FORMATS = ["code_128", "code_39", "itf", "ean_13", "upc_a", "data_matrix", "pdf417", "qr_code", "aztec"];

interface FakeTrack {
  stop: ReturnType<typeof vi.fn>;
}

function fakeCamera(getUserMedia: () => Promise<unknown>) {
  const devices = { getUserMedia: vi.fn(getUserMedia) };
  override(navigator, "mediaDevices", () => devices);
  return devices.getUserMedia;
}

function fakeStream(): { stream: { getTracks: () => FakeTrack[] }; track: FakeTrack } {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] }, track };
}

/** A BarcodeDetector that sees nothing in the first `blankFrames` frames, then `text`. */
function fakeDetector(text: string, blankFrames: number, formats = ALL_FORMATS) {
  const detect = vi.fn(async () => (detect.mock.calls.length > blankFrames ? [{ rawValue: text }] : []));
  const created: { formats: string[] }[] = [];
  class FakeBarcodeDetector {
    static getSupportedFormats = async () => formats;
    constructor(options: { formats: string[] }) {
      created.push(options);
    }
    detect = detect;
  }
  vi.stubGlobal("BarcodeDetector", FakeBarcodeDetector);
  return { detect, created };
}

function renderField() {
  const onScan = vi.fn();
  render(<ScanField id="scan" label="Escanear paquete" onScan={onScan} />);
  return onScan;
}

// jsdom's own getters (readyState, videoWidth…) are put back after each test: its window is shared
// with the next test files.
const overridden: [object, string, PropertyDescriptor | undefined][] = [];
function override(target: object, name: string, get: () => unknown): void {
  overridden.push([target, name, Object.getOwnPropertyDescriptor(target, name)]);
  Object.defineProperty(target, name, { configurable: true, get });
}

const cameraButton = () => screen.getByRole("button", { name: "Cámara" });

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  override(HTMLMediaElement.prototype, "readyState", () => 4);
  const vibrate = vi.fn(() => true);
  override(navigator, "vibrate", () => vibrate);
});

afterEach(() => {
  zxing.prepareZXingModule.mockClear();
  zxing.readBarcodes.mockReset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const [target, name, original] of overridden.splice(0).reverse()) {
    if (original) Object.defineProperty(target, name, original);
    else Reflect.deleteProperty(target, name);
  }
});

describe("ScanField's camera", () => {
  it("has a Cámara button beside the field that opens the camera panel on the rear camera", async () => {
    const { stream } = fakeStream();
    const getUserMedia = fakeCamera(async () => stream);
    fakeDetector("1Z999AA10123456784", Number.POSITIVE_INFINITY);
    renderField();

    expect(screen.getByLabelText("Escanear paquete")).toBeTruthy();
    fireEvent.click(cameraButton());
    expect(await screen.findByRole("dialog", { name: "Escanear con la cámara" })).toBeTruthy();
    expect(await screen.findByText("Apunta al código de barras de la etiqueta.")).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: "environment" }, audio: false });
  });

  it("says so in Spanish when the camera cannot be opened, and the typed field still works", async () => {
    fakeCamera(async () => {
      throw new DOMException("Permission denied", "NotAllowedError");
    });
    const onScan = renderField();

    fireEvent.click(cameraButton());
    expect((await screen.findByRole("alert")).textContent).toBe(CAMERA_ERROR);
    fireEvent.click(screen.getAllByRole("button", { name: "Cerrar" })[0]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const field = screen.getByLabelText("Escanear paquete");
    fireEvent.change(field, { target: { value: " 9400111899223100012345 " } });
    fireEvent.submit(field.closest("form")!);
    expect(onScan).toHaveBeenCalledWith("9400111899223100012345");
  });

  it("reads through the browser's BarcodeDetector: vibrates, turns the camera off and hands the text to onScan", async () => {
    const { stream, track } = fakeStream();
    fakeCamera(async () => stream);
    const { detect, created } = fakeDetector("EIP0000042", 2);
    const onScan = renderField();

    fireEvent.click(cameraButton());
    await waitFor(() => expect(onScan).toHaveBeenCalledWith("EIP0000042"));
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(detect).toHaveBeenCalledTimes(3);
    expect(created).toEqual([{ formats: ["code_128", "code_39", "itf", "ean_13", "upc_a", "data_matrix", "pdf417", "qr_code"] }]);
    expect(track.stop).toHaveBeenCalled();
    expect(navigator.vibrate).toHaveBeenCalledWith(80);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("turns the camera off when the panel is closed without a read", async () => {
    const { stream, track } = fakeStream();
    fakeCamera(async () => stream);
    fakeDetector("never", Number.POSITIVE_INFINITY);
    const onScan = renderField();

    fireEvent.click(cameraButton());
    await screen.findByText("Apunta al código de barras de la etiqueta.");
    expect(track.stop).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole("button", { name: "Cerrar" })[0]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(track.stop).toHaveBeenCalled();
    expect(onScan).not.toHaveBeenCalled();
  });

  it("turns the camera off when the answer to the permission comes after the panel closed", async () => {
    const { stream, track } = fakeStream();
    let grant: (value: unknown) => void = () => undefined;
    fakeCamera(() => new Promise((resolve) => (grant = resolve)));
    renderField();

    fireEvent.click(cameraButton());
    await screen.findByRole("dialog");
    fireEvent.click(screen.getAllByRole("button", { name: "Cerrar" })[0]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    grant(stream);
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });

  it("falls back to zxing-wasm, its .wasm from our own origin, when the browser's detector lacks a format", async () => {
    const { stream, track } = fakeStream();
    fakeCamera(async () => stream);
    const { created } = fakeDetector("never", Number.POSITIVE_INFINITY, ["qr_code", "ean_13"]);
    override(HTMLVideoElement.prototype, "videoWidth", () => 640);
    override(HTMLVideoElement.prototype, "videoHeight", () => 480);
    const frame = { width: 640, height: 480 };
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({
      drawImage: vi.fn(),
      getImageData: vi.fn(() => frame),
    } as unknown as CanvasRenderingContext2D);
    zxing.readBarcodes.mockResolvedValueOnce([]).mockResolvedValue([{ isValid: true, text: "420331019400111899223100012345" }]);
    const onScan = renderField();

    fireEvent.click(cameraButton());
    await waitFor(() => expect(onScan).toHaveBeenCalledWith("420331019400111899223100012345"));
    expect(created).toEqual([]);
    const { locateFile } = zxing.prepareZXingModule.mock.calls[0][0].overrides;
    const wasm = locateFile("zxing_reader.wasm", "https://fastly.jsdelivr.net/npm/zxing-wasm/dist/reader/");
    expect(wasm).not.toMatch(/^https?:/);
    expect(wasm).toMatch(/zxing_reader\.wasm$/);
    expect(zxing.readBarcodes).toHaveBeenCalledTimes(2);
    expect(zxing.readBarcodes.mock.calls[0]).toEqual([
      frame,
      { formats: ["Code128", "Code39", "ITF", "EANUPC", "DataMatrix", "PDF417", "QRCode"], tryHarder: true, maxNumberOfSymbols: 1 },
    ]);
    expect(track.stop).toHaveBeenCalled();
  });
});
