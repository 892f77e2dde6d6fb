// The field every warehouse screen scans into (issue 20): the cursor waits here; a USB or
// Bluetooth scanner types the barcode and Enter, and so does a person typing a number by hand.
// Beside it, "Cámara" reads the barcode with the phone's rear camera (./barcode-camera, loaded
// only when pressed; decision 129). `onScan` gets the text as read; the server turns it into
// tracking numbers (shared/domain/barcodes). Each screen reports the scan's outcome with
// scanFeedback (lib/scan-feedback: a beep and a vibration); the speaker button here turns the
// sound off or on for this device (decision 154).
import { forwardRef, lazy, Suspense, useState, type FormEvent } from "react";
import { Camera, Volume2, VolumeX } from "lucide-react";
import { scanSoundOn, setScanSound } from "../lib/scan-feedback";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

const BarcodeCamera = lazy(() => import("./barcode-camera"));

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
  const [camera, setCamera] = useState(false);
  const [sound, setSound] = useState(scanSoundOn);
  const toggleSound = () => {
    setScanSound(!sound);
    setSound(!sound);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    setText("");
    onScan(value);
  };
  const read = (value: string) => {
    setCamera(false);
    const trimmed = value.trim();
    if (trimmed) onScan(trimmed);
  };
  return (
    <>
      <form method="post" onSubmit={submit} className="space-y-1.5" role="search">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex gap-2">
          <Input
            ref={ref}
            id={id}
            className="min-w-0 flex-1"
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
          <Button
            variant="outline"
            className="h-11 shrink-0 px-3"
            aria-haspopup="dialog"
            disabled={busy}
            onClick={() => setCamera(true)}
          >
            <Camera className="h-5 w-5" aria-hidden="true" />
            <span>Cámara</span>
          </Button>
          <Button
            type="button"
            variant="outline"
            className="h-11 w-11 shrink-0 px-0"
            aria-pressed={sound}
            aria-label="Sonido al escanear"
            title={sound ? "Sonido activado" : "Sonido desactivado"}
            onClick={toggleSound}
          >
            {sound ? <Volume2 className="h-5 w-5" aria-hidden="true" /> : <VolumeX className="h-5 w-5" aria-hidden="true" />}
          </Button>
        </div>
      </form>
      {/* Outside the form: the dialog's keys and buttons are not the field's. */}
      {camera ? (
        <Suspense fallback={null}>
          <BarcodeCamera onRead={read} onClose={() => setCamera(false)} />
        </Suspense>
      ) : null}
    </>
  );
});
