// The words of issue 35's webhook: BAJA / ALTA, the forward-only order of reports, the Spanish
// reason of each failure code and which of them are retried.
import { describe, expect, it } from "vitest";
import { consentWordOf, deliveryMovesForward, isOptedOut, isRetryableWhatsappFailure, whatsappFailureReason } from "./whatsapp";

describe("WhatsApp words", () => {
  it("reads BAJA, STOP and ALTA in any case, trimmed, with accents and closing punctuation, and nothing else", () => {
    for (const text of ["BAJA", "baja", "  Baja ", "bájá.", "STOP", "stop!", "¡Baja!"]) expect(consentWordOf(text), text).toBe("BAJA");
    for (const text of ["ALTA", " alta ", "Altá"]) expect(consentWordOf(text), text).toBe("ALTA");
    for (const text of ["quiero darme de baja", "bajar", "", null, "STOPP"]) expect(consentWordOf(text), String(text)).toBeNull();
  });

  it("moves a message forward only", () => {
    expect(deliveryMovesForward(null, "sent")).toBe(true);
    expect(deliveryMovesForward("read", "delivered")).toBe(false);
    expect(deliveryMovesForward("delivered", "sent")).toBe(false);
    expect(deliveryMovesForward("sent", "failed")).toBe(true);
    expect(deliveryMovesForward("delivered", "failed")).toBe(false);
    expect(deliveryMovesForward("failed", "read")).toBe(true);
  });

  it("gives every common failure code a Spanish reason and an unknown one its code", () => {
    for (const code of [131026, 131047, 131049, 131051, 130472, 131000, 131008, 132000, 132001, 133010, 368, 470]) {
      expect(whatsappFailureReason(code), String(code)).not.toMatch(/código/);
    }
    expect(whatsappFailureReason(4242, "Odd")).toBe("WhatsApp no pudo entregar el mensaje (código 4242: Odd).");
    expect(whatsappFailureReason(null)).toBe("WhatsApp no pudo entregar el mensaje (sin código).");
  });

  it("retries only temporary failures", () => {
    for (const code of [1, 2, 4, 80007, 130429, 131000, 131016, 131056, 131057, 133004]) expect(isRetryableWhatsappFailure(code), String(code)).toBe(true);
    for (const code of [131026, 131047, 131049, 131051, 130472, 131008, 132000, 132001, 133010, 368, 470, 99999]) expect(isRetryableWhatsappFailure(code), String(code)).toBe(false);
  });

  it("is opted out while the BAJA is the later word", () => {
    expect(isOptedOut(null, null)).toBe(false);
    expect(isOptedOut("2026-11-27T10:00:00Z", null)).toBe(true);
    expect(isOptedOut("2026-11-27T10:00:00Z", "2026-11-27T11:00:00Z")).toBe(false);
    expect(isOptedOut("2026-11-27T12:00:00Z", "2026-11-27T11:00:00Z")).toBe(true);
  });
});
