import { describe, expect, it } from "vitest";
import { trackingNeedsUpdate } from "./tracking-updates";

const NOW = new Date("2024-06-15T18:00:00Z"); // 12:00 in Costa Rica

describe("trackingNeedsUpdate", () => {
  it("needs an update when last changed on an earlier Costa Rica day", () => {
    expect(trackingNeedsUpdate("2024-06-14T20:00:00Z", NOW)).toBe(true);
    expect(trackingNeedsUpdate("2024-06-15T07:00:00Z", NOW)).toBe(false);
    // 05:00 UTC on the 15th is 23:00 on the 14th in Costa Rica.
    expect(trackingNeedsUpdate("2024-06-15T05:00:00Z", NOW)).toBe(true);
  });

  it("counts a tracking with no update date as needing one", () => {
    expect(trackingNeedsUpdate(null, NOW)).toBe(true);
  });
});
