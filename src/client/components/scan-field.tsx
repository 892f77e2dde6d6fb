// The field every warehouse screen scans into (issue 20): the cursor waits here; a USB or
// Bluetooth scanner types the barcode and Enter, and so does a person typing a number by hand.
// `onScan` gets the text as read; the server turns it into tracking numbers (shared/domain/barcodes).
import { forwardRef, useState, type FormEvent } from "react";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

export interface ScanFieldProps {
  id: string;
  label: string;
  onScan: (text: string) => void;
  /** While a scan is being looked up: the field keeps focus and takes the next scan after. */
  busy?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
}

export const ScanField = forwardRef<HTMLInputElement, ScanFieldProps>(function ScanField(
  { id, label, onScan, busy = false, placeholder = "Escanea o escribe el número de guía", autoFocus = true },
  ref,
) {
  const [text, setText] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    setText("");
    onScan(value);
  };
  return (
    <form onSubmit={submit} className="space-y-1.5" role="search">
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={ref}
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        autoFocus={autoFocus}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="search"
        aria-busy={busy}
      />
    </form>
  );
});
