import { describe, expect, it } from "vitest";
import { INBOUND_RETRY_DELAYS_S, inboundRetryDelay } from "./inbound-retry.ts";

describe("inbound callback retry schedule", () => {
  it("is Routee's: 30 s, 1, 2, 5, 10, 15, 30 min, 1, 2, 4, 8, 24 h, then nothing", () => {
    const minutes = Array.from({ length: 13 }, (_, i) => inboundRetryDelay(i + 1)).map((s) => (s === null ? null : s / 60));
    expect(minutes).toEqual([0.5, 1, 2, 5, 10, 15, 30, 60, 120, 240, 480, 1440, null]);
    expect(inboundRetryDelay(0)).toBeNull();
    expect(INBOUND_RETRY_DELAYS_S.reduce((a, b) => a + b, 0)).toBe(144_210); // the last attempt about 40 h after the first
  });
});
