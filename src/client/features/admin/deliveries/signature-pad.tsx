// The receiver's signature drawn with a finger (or a mouse) on the phone (issue 20): pointer
// events on a canvas with touch-action none, so drawing never scrolls the page. The signature is
// optional: the name typed in the form is the record, and the canvas says so to screen readers.
import { forwardRef, useImperativeHandle, useRef, useState, type PointerEvent } from "react";
import { Button } from "../../../components/ui/button";
import { SIGNATURE_CLEAR, SIGNATURE_LABEL } from "../../../../shared/api/admin/deliveries";

export interface SignaturePadHandle {
  /** The drawing as a PNG, or null when nothing was drawn. */
  toPng(): Promise<Blob | null>;
}

const WIDTH = 600;
const HEIGHT = 240;

export const SignaturePad = forwardRef<SignaturePadHandle, { id: string }>(function SignaturePad({ id }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);

  useImperativeHandle(ref, () => ({
    toPng: () =>
      new Promise((resolve) => {
        if (!drawn || !canvas.current) return resolve(null);
        canvas.current.toBlob(resolve, "image/png");
      }),
  }));

  const context = () => {
    const ctx = canvas.current?.getContext("2d") ?? null;
    if (ctx) {
      ctx.lineWidth = 4;
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      ctx.strokeStyle = "#0f172a";
    }
    return ctx;
  };

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - box.left) * WIDTH) / (box.width || WIDTH), y: ((event.clientY - box.top) * HEIGHT) / (box.height || HEIGHT) };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    last.current = point(event);
    const ctx = context();
    if (!ctx) return;
    ctx.beginPath();
    ctx.arc(last.current.x, last.current.y, 2, 0, Math.PI * 2);
    ctx.fillStyle = "#0f172a";
    ctx.fill();
    setDrawn(true);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const next = point(event);
    const ctx = context();
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(next.x, next.y);
      ctx.stroke();
    }
    last.current = next;
  };

  const end = () => {
    last.current = null;
  };

  const clear = () => {
    const ctx = canvas.current?.getContext("2d");
    ctx?.clearRect(0, 0, WIDTH, HEIGHT);
    setDrawn(false);
  };

  return (
    <div className="grid gap-2">
      <canvas
        ref={canvas}
        id={id}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={SIGNATURE_LABEL}
        data-drawn={drawn ? "true" : "false"}
        className="h-40 w-full touch-none rounded-md border border-slate-300 bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      />
      <Button type="button" variant="outline" size="md" onClick={clear} disabled={!drawn} className="justify-self-start">
        {SIGNATURE_CLEAR}
      </Button>
    </div>
  );
});
