// @vitest-environment jsdom
// Issue 32 item 8: a scan's outcome beeps (two distinct tones, made with the Web Audio API) and
// vibrates where the device can; the speaker button on the scan field turns the sound off for this
// device (localStorage), the vibration stays; without AudioContext or navigator.vibrate (plain
// jsdom, desktop) nothing throws. Recepción calls it with the scan's outcome.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ScanField } from "../components/scan-field";
import { resetScanAudioForTests, scanFeedback, SCAN_VIBRATION } from "./scan-feedback";

interface Played {
  type: string;
  frequency: number;
}
let played: Played[];
let vibrated: (number | number[])[];

class FakeAudioContext {
  state = "running";
  currentTime = 0;
  destination = {};
  createOscillator() {
    const osc = { type: "sine", frequency: { value: 0 }, connect: () => undefined, start: () => played.push({ type: osc.type, frequency: osc.frequency.value }), stop: () => undefined };
    return osc;
  }
  createGain() {
    return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: () => undefined };
  }
  resume() {
    return Promise.resolve();
  }
}

function stubDevice() {
  vi.stubGlobal("AudioContext", FakeAudioContext);
  Object.defineProperty(navigator, "vibrate", { configurable: true, value: (pattern: number | number[]) => (vibrated.push(pattern), true) });
}

beforeEach(() => {
  played = [];
  vibrated = [];
  localStorage.clear();
  resetScanAudioForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "vibrate");
  resetScanAudioForTests();
});

describe("scan feedback", () => {
  it("beeps high for a good scan and low for a failed one, and vibrates each way", () => {
    stubDevice();
    scanFeedback("ok");
    expect(played).toEqual([{ type: "sine", frequency: 1320 }]);
    expect(vibrated).toEqual([SCAN_VIBRATION.ok]);
    played = [];
    scanFeedback("error");
    expect(played.length).toBe(2);
    expect(played.every((p) => p.type === "square" && p.frequency < 300)).toBe(true);
    expect(vibrated[1]).toEqual(SCAN_VIBRATION.error);
    expect(SCAN_VIBRATION.ok).not.toEqual(SCAN_VIBRATION.error);
  });

  it("does nothing and throws nothing where the device has neither", () => {
    expect("AudioContext" in globalThis).toBe(false);
    expect(() => scanFeedback("ok")).not.toThrow();
    expect(() => scanFeedback("error")).not.toThrow();
  });

  it("fails silently when the audio API throws", () => {
    vi.stubGlobal("AudioContext", function Broken() {
      throw new Error("no audio");
    });
    Object.defineProperty(navigator, "vibrate", { configurable: true, value: () => { throw new Error("no motor"); } });
    expect(() => scanFeedback("error")).not.toThrow();
  });

  it("the speaker button on the scan field turns the sound off for this device; vibration stays", () => {
    stubDevice();
    render(<ScanField id="s" label="Guía" onScan={() => undefined} autoFocus={false} />);
    const speaker = screen.getByRole("button", { name: "Sonido al escanear" });
    expect(speaker.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(speaker);
    expect(speaker.getAttribute("aria-pressed")).toBe("false");
    expect(localStorage.getItem("ei.scan-sound")).toBe("off");
    scanFeedback("ok");
    expect(played).toEqual([]);
    expect(vibrated).toEqual([SCAN_VIBRATION.ok]);
    cleanup();
    // Kept: a new page starts with the sound off, and turning it on plays again.
    render(<ScanField id="s" label="Guía" onScan={() => undefined} autoFocus={false} />);
    const again = screen.getByRole("button", { name: "Sonido al escanear" });
    expect(again.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(again);
    scanFeedback("ok");
    expect(played).toEqual([{ type: "sine", frequency: 1320 }]);
  });
});
