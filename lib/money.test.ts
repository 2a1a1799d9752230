import { describe, expect, it } from "vitest";
import { formatMoney, fromMicros, toMicros } from "./money.ts";

describe("money", () => {
  it("converts amounts to exact micro-units and back", () => {
    expect(toMicros("0.0075")).toBe(7500n);
    expect(toMicros(0.1 + 0.2)).toBe(300000n);
    expect(toMicros("12")).toBe(12_000_000n);
    expect(toMicros("-3.5")).toBe(-3_500_000n);
    expect(toMicros("1.1234569")).toBe(1_123_456n);
    expect(fromMicros(36_500n)).toBe(0.0365);
    expect(() => toMicros("12,50")).toThrow(RangeError);
    expect(() => toMicros("abc")).toThrow(RangeError);
  });

  it("formats in the account's currency", () => {
    expect(formatMoney(100_000_000n, "EUR")).toBe("€100.00");
    expect(formatMoney(7_500n, "USD")).toBe("$0.0075");
  });
});
