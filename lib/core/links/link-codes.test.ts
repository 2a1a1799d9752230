import { describe, expect, it } from "vitest";
import { linkCodes } from "./link-codes.ts";

describe("linkCodes", () => {
  it("gives distinct numbers distinct 8-character base62 codes, the same every time", () => {
    const numbers = Array.from({ length: 50_000 }, (_, i) => i);
    const codes = linkCodes("a secret of the deployment", numbers);
    expect(codes.every((c) => /^[0-9A-Za-z]{8}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(numbers.length);
    expect(linkCodes("a secret of the deployment", [0, 1, 49_999])).toEqual([codes[0], codes[1], codes[49_999]]);
  });

  it("does not show the order of the numbers, and depends on the secret", () => {
    const [a, b] = linkCodes("one secret", [1000, 1001]);
    expect(a!.slice(0, 6)).not.toBe(b!.slice(0, 6));
    expect(linkCodes("another secret", [1000])[0]).not.toBe(a);
  });

  it("maps the highest numbers below 62^8 too, and refuses those beyond", () => {
    const top = 62 ** 8 - 1;
    expect(linkCodes("s", [top, top - 1]).every((c) => c.length === 8)).toBe(true);
    expect(() => linkCodes("s", [62 ** 8])).toThrow(RangeError);
  });
});
