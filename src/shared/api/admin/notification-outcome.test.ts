// The toast after a package's status change says what became of the client's WhatsApp message
// (issue 18 item 8): "will be sent" only when one was queued and WhatsApp is configured.
import { describe, expect, it } from "vitest";
import { NOTIFICATION_NONE_TEXT, NOTIFICATION_NOT_CONFIGURED_TEXT, NOTIFICATION_QUEUED_TEXT, notificationOutcomeText } from "./trackings";

describe("notificationOutcomeText", () => {
  it("promises a WhatsApp message only when one was queued and a provider will send it", () => {
    expect(notificationOutcomeText({ notificationQueued: true, messaging: { configured: true } })).toBe(NOTIFICATION_QUEUED_TEXT);
    expect(notificationOutcomeText({ notificationQueued: true, messaging: { configured: false } })).toBe(NOTIFICATION_NOT_CONFIGURED_TEXT);
    expect(notificationOutcomeText({ notificationQueued: false, messaging: { configured: true } })).toBe(NOTIFICATION_NONE_TEXT);
    expect(NOTIFICATION_NOT_CONFIGURED_TEXT).not.toContain("Se avisará");
  });
});
