// The phone's rear camera as a barcode reader (issue 20, decision 129), opened by the "Cámara"
// button of every scan field (./scan-field). Loaded only when that button is pressed.
//
// Frames are read one at a time, about every 150 ms (never two reads at once), by the browser's
// own BarcodeDetector when it reads every format we need (Chrome on Android and macOS), else by
// zxing-wasm, whose .wasm comes from our own origin (Vite emits it under /assets): nothing is
// fetched from a CDN. On a read: a short vibration, the camera stops, the text goes to onRead.
// The stream is stopped on close and on unmount, so no camera is left on.

import { useEffect, useEffectEvent, useRef, useState } from "react";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { Dialog, DialogContent } from "./ui/dialog";
import { Button } from "./ui/button";

export const CAMERA_ERROR = "No se pudo abrir la cámara. Revisa el permiso del navegador o usa el lector.";

/** Reads one frame of the video: the barcode's text, or null when none is seen. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

const READ_EVERY_MS = 150;

// What labels carry: UPS, FedEx and Amazon (Code 128, PDF417), USPS (Code 128 with "420" and the
// ZIP, DataMatrix), retail boxes (EAN/UPC, ITF, Code 39), QR codes; our own labels are Code 128.
const DETECTOR_FORMATS = ["code_128", "code_39", "itf", "ean_13", "upc_a", "data_matrix", "pdf417", "qr_code"];
const ZXING_FORMATS = ["Code128", "Code39", "ITF", "EANUPC", "DataMatrix", "PDF417", "QRCode"] as const;

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's detector, when there is one and it reads all our formats. */
async function browserReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
  if (!DETECTOR_FORMATS.every((format) => supported.includes(format))) return null;
  const detector = new Detector({ formats: DETECTOR_FORMATS });
  return async (video) => (await detector.detect(video)).find((code) => code.rawValue)?.rawValue ?? null;
}

/** zxing-wasm's reader on a canvas copy of the frame, its .wasm served by us. */
async function zxingReader(): Promise<FrameReader> {
  const { prepareZXingModule, readBarcodes } = await import("zxing-wasm/reader");
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("canvas 2d unavailable");
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const results = await readBarcodes(context.getImageData(0, 0, width, height), {
      formats: [...ZXING_FORMATS],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    return results.find((result) => result.isValid && result.text)?.text ?? null;
  };
}

export interface BarcodeCameraProps {
  /** The text of the first barcode read; the camera is already off. */
  onRead: (text: string) => void;
  onClose: () => void;
}

export default function BarcodeCamera({ onRead, onClose }: BarcodeCameraProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"starting" | "reading" | "failed">("starting");
  const deliver = useEffectEvent((text: string) => onRead(text));

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };

    const start = async () => {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      const video = videoRef.current;
      if (stopped || !video) return stop();
      video.srcObject = stream;
      await video.play().catch(() => undefined); // muted and inline: it plays; if not, frames still arrive
      const read = (await browserReader()) ?? (await zxingReader());
      if (stopped) return;
      setState("reading");
      const tick = async () => {
        const text = video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA ? await read(video).catch(() => null) : null;
        if (stopped) return;
        if (text) {
          navigator.vibrate?.(80);
          stop();
          deliver(text);
          return;
        }
        timer = setTimeout(() => void tick(), READ_EVERY_MS);
      };
      await tick();
    };

    start().catch(() => {
      if (stopped) return;
      stop();
      setState("failed");
    });
    return stop;
  }, []);

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Escanear con la cámara" className="gap-3">
        {state === "failed" ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {CAMERA_ERROR}
          </p>
        ) : (
          <>
            <div className="relative overflow-hidden rounded-lg bg-slate-900">
              <video ref={videoRef} className="block aspect-[4/3] w-full object-cover" muted playsInline aria-label="Vista de la cámara" />
              {/* The viewfinder: where the label's barcode goes. */}
              <div aria-hidden="true" className="pointer-events-none absolute inset-x-[8%] top-1/2 h-1/3 -translate-y-1/2 rounded-md border-4 border-white/90 shadow-[0_0_0_999px_rgba(15,23,42,0.35)]" />
            </div>
            <p className="text-sm text-muted" aria-live="polite">
              {state === "starting" ? "Abriendo la cámara…" : "Apunta al código de barras de la etiqueta."}
            </p>
          </>
        )}
        <Button variant="outline" size="lg" className="w-full" onClick={onClose}>
          Cerrar
        </Button>
      </DialogContent>
    </Dialog>
  );
}
