// The warehouse's photo button (issue 20): the phone's camera (capture=environment) or a file;
// each photo is scaled and uploaded at once (uploadStaffPhoto) and its name handed back, so the
// receive or register call only names them.
import { useId, useState, type ChangeEvent } from "react";
import { Camera, Loader2 } from "lucide-react";
import { uploadStaffPhoto } from "../../../lib/admin/staff-photos";
import { errorMessageFrom } from "../../../lib/api";
import { cn } from "../../../lib/cn";

export interface PhotoPickerProps {
  label: string;
  names: string[];
  onChange: (names: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
}

export function PhotoPicker({ label, names, onChange, onBusyChange }: PhotoPickerProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (files.length === 0) return;
    setBusy(true);
    onBusyChange?.(true);
    setError(null);
    try {
      const uploaded: string[] = [];
      for (const file of files) uploaded.push((await uploadStaffPhoto(file)).name);
      onChange([...names, ...uploaded]);
    } catch (err) {
      setError(errorMessageFrom(err, "No se pudo subir la foto"));
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  };
  return (
    <div className="space-y-1">
      <label
        htmlFor={id}
        className={cn(
          "flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-ink",
          "focus-within:outline-2 focus-within:outline-primary hover:bg-slate-50",
        )}
      >
        {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Camera className="h-4 w-4" aria-hidden="true" />}
        {label}
        {names.length > 0 ? ` (${names.length})` : ""}
      </label>
      <input id={id} type="file" accept="image/*" capture="environment" multiple className="sr-only" onChange={pick} disabled={busy} />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
