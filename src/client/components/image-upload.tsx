// The optional part photo (public-site §4, §5, §8): idle, uploading, uploaded with a preview,
// and removable. The file is checked for kind and size here, and by its content on the server.

import { useEffect, useId, useRef, useState } from "react";
import { ImagePlus, Loader2, X } from "lucide-react";
import { Button } from "./ui/button";
import { toast } from "./ui/use-toast";
import { errorMessageFrom, errorStatusFrom } from "../lib/api";
import { cn } from "../lib/cn";
import {
  ACCEPTED_IMAGE_TYPES,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TOO_LARGE_TITLE,
  IMAGE_MAX_LABEL,
  INVALID_FILE_MESSAGE,
  INVALID_FILE_TITLE,
  UPLOAD_FAILED_FALLBACK,
  UPLOAD_FAILED_TITLE,
} from "../../shared/api/uploads";
import { isAcceptedImageFile, isWithinImageLimit, uploadImage } from "../lib/upload-image";

export interface ImageUploadProps {
  /** The uploaded object's path (/objects/uploads/{name}), or null. */
  value: string | null;
  onChange(objectPath: string | null): void;
  /** Tells the form an upload is under way (its submit waits). */
  onUploadingChange?(uploading: boolean): void;
  label?: string;
  /** The preview's alt text. */
  previewAlt?: string;
  /** The line under the picker (the accepted kinds and the limit come first). */
  hint?: string;
  /** Shows "(opcional)" after the label (default). */
  optional?: boolean;
}

function failed(error?: unknown) {
  // The server explains its refusals (not an image, too big, too many); anything else gets the spec's text.
  const status = errorStatusFrom(error);
  const explained = status === 413 || status === 415 || status === 429;
  toast({
    variant: "destructive",
    title: UPLOAD_FAILED_TITLE,
    description: explained ? errorMessageFrom(error, UPLOAD_FAILED_FALLBACK) : UPLOAD_FAILED_FALLBACK,
  });
}

export function ImageUpload({
  value,
  onChange,
  onUploadingChange,
  label = "Foto del repuesto",
  previewAlt = "Vista previa de la foto del repuesto",
  hint = "Una foto ayuda a identificar la pieza.",
  optional = true,
}: ImageUploadProps) {
  const labelId = useId();
  const hintId = `${labelId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  // The preview shows the file from this device: stored images are served only through signed
  // links (docs/decisions/146), and the uploader already holds the picture.
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange?.(busy);
  };

  async function handleFile(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (!isAcceptedImageFile(file)) {
      toast({ variant: "destructive", title: INVALID_FILE_TITLE, description: INVALID_FILE_MESSAGE });
      return;
    }
    if (!isWithinImageLimit(file)) {
      toast({ variant: "destructive", title: FILE_TOO_LARGE_TITLE, description: FILE_TOO_LARGE_MESSAGE });
      return;
    }
    setBusy(true);
    try {
      const objectPath = await uploadImage(file);
      setPreview(typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : null);
      onChange(objectPath);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  if (value) {
    return (
      <div>
        <p className="text-sm font-medium text-ink">{label}</p>
        <div className="mt-1.5 flex items-start gap-4 rounded-lg border border-slate-200 p-3">
          {preview ? (
            <img
              src={preview}
              alt={previewAlt}
              className="h-28 w-28 rounded-md border border-slate-100 bg-slate-50 object-contain"
              // A file the browser cannot draw is no image it should send.
              onError={() => {
                failed();
                onChange(null);
              }}
            />
          ) : null}
          <div className="space-y-2 text-sm">
            <p className="font-medium text-green-800">Imagen cargada</p>
            <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
              <X className="h-4 w-4" aria-hidden="true" />
              Quitar imagen
            </Button>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div>
      <p id={labelId} className="text-sm font-medium text-ink">
        {label}
        {optional ? <span className="ml-1 font-normal text-muted">(opcional)</span> : null}
      </p>
      <label
        className={cn(
          "mt-1.5 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-sm text-muted",
          "hover:border-primary hover:bg-primary-soft focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary",
          uploading && "pointer-events-none opacity-70",
        )}
      >
        {uploading ? (
          <Loader2 className="h-6 w-6 animate-spin text-primary" aria-hidden="true" />
        ) : (
          <ImagePlus className="h-6 w-6 text-primary" aria-hidden="true" />
        )}
        <span className="font-semibold text-primary" aria-hidden="true">
          {uploading ? "Subiendo imagen…" : "Seleccionar imagen"}
        </span>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(",")}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          disabled={uploading}
          className="sr-only"
          onChange={(event) => void handleFile(event.target.files?.[0])}
        />
      </label>
      <p id={hintId} className="mt-1 text-sm text-muted" aria-live="polite">
        {uploading ? "Subiendo imagen…" : `JPG, PNG, GIF o WebP, máximo ${IMAGE_MAX_LABEL}. ${hint}`}
      </p>
    </div>
  );
}
