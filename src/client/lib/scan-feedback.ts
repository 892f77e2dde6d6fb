// Sound and vibration after a warehouse scan (issue 32 item 8, docs/decisions/154): the person
// scanning looks at the package, not the screen. A short high beep when the scan found what it
// looked for, a lower, longer double buzz when it did not; the phone vibrates likewise. The tones
// are made on the spot with the Web Audio API (no audio file, nothing from a CDN). Where the
// device has no speaker API or no vibration (jsdom, desktop browsers) nothing happens and nothing
// throws. A person can turn the sound off on the scan field; the choice is kept in localStorage
// on that device. Vibration is silent and stays on.

export type ScanOutcome = "ok" | "error";

const SOUND_KEY = "ei.scan-sound";

/** Sound is on unless the person turned it off on this device. */
export function scanSoundOn(): boolean {
  try {
    return globalThis.localStorage?.getItem(SOUND_KEY) !== "off";
  } catch {
    return true;
  }
}

export function setScanSound(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.removeItem(SOUND_KEY);
    else globalThis.localStorage?.setItem(SOUND_KEY, "off");
  } catch {
    // Storage refused (private mode): the choice lasts this page only.
  }
}

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

/** One context for the page: browsers cap how many may be open. */
function audio(): AudioContext | null {
  if (context) return context;
  const w = globalThis as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  const Ctor = w.AudioContext ?? w.webkitAudioContext;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

/** Each tone: frequency (Hz), start and length (seconds from now). */
const TONES: Record<ScanOutcome, { type: OscillatorType; notes: [number, number, number][] }> = {
  ok: { type: "sine", notes: [[1320, 0, 0.12]] },
  error: { type: "square", notes: [[220, 0, 0.18], [180, 0.24, 0.22]] },
};

/** Vibration patterns (ms): one short pulse, or two long ones. */
export const SCAN_VIBRATION: Record<ScanOutcome, number | number[]> = { ok: 60, error: [180, 90, 180] };

function beep(outcome: ScanOutcome): void {
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === "suspended") void ctx.resume().catch(() => undefined);
  const tone = TONES[outcome];
  const now = ctx.currentTime;
  for (const [frequency, start, length] of tone.notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = tone.type;
    osc.frequency.value = frequency;
    // Quiet and with a quick fade, so it is a beep and not a click.
    gain.gain.setValueAtTime(0.15, now + start);
    gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(now + start);
    osc.stop(now + start + length);
  }
}

/** Sound (unless turned off) and vibration for a scan's outcome; never throws. */
export function scanFeedback(outcome: ScanOutcome): void {
  if (scanSoundOn()) {
    try {
      beep(outcome);
    } catch {
      // No sound on this device.
    }
  }
  try {
    const nav = globalThis.navigator as (Navigator & { vibrate?: (pattern: number | number[]) => boolean }) | undefined;
    if (typeof nav?.vibrate === "function") nav.vibrate(SCAN_VIBRATION[outcome]);
  } catch {
    // No vibration on this device.
  }
}

/** Tests only: forget the page's audio context. */
export function resetScanAudioForTests(): void {
  context = null;
}
