// The fast path of parseRecipient answers exactly what libphonenumber answers: the same E.164,
// country and type for every valid number, and null for the invalid ones it does not pass on.
import { describe, expect, it } from "vitest";
import metadata from "libphonenumber-js/max/metadata";
import { getExampleNumber } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { fastRecipient, parseRecipient, slowRecipient } from "./parse-recipient.ts";

/** A deterministic pseudo-random sequence, so a failure names a reproducible number. */
function* digits(seed: number): Generator<number> {
  let x = seed >>> 0;
  for (;;) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    yield x % 10;
  }
}

describe("parseRecipient", () => {
  it("agrees with libphonenumber on every calling code, valid and invalid numbers alike", () => {
    const rnd = digits(42);
    const next = () => rnd.next().value as number;
    const numbers: string[] = [];
    for (const [code, countries] of Object.entries(metadata.country_calling_codes as Record<string, string[]>)) {
      // Random national numbers of every plausible length…
      for (let n = 0; n < 300; n++) {
        // E.164 holds at most 15 digits, calling code included.
        const len = Math.min(4 + (n % 11), 15 - code.length);
        let national = "";
        for (let i = 0; i < len; i++) national += next();
        numbers.push(`+${code}${national}`);
      }
      // …and each country's example mobile with its last digits changed.
      for (const country of countries) {
        const example = getExampleNumber(country as never, examples as never);
        if (!example) continue;
        for (let n = 0; n < 50; n++) {
          const nat = example.nationalNumber;
          const keep = Math.max(1, nat.length - 1 - (n % 5));
          let tail = "";
          for (let i = keep; i < nat.length; i++) tail += next();
          numbers.push(`+${code}${nat.slice(0, keep)}${tail}`);
        }
      }
    }
    let fastAnswered = 0;
    for (const e164 of numbers) {
      const slow = slowRecipient(e164);
      const fast = fastRecipient(e164);
      if (fast) {
        fastAnswered++;
        expect(fast, e164).toEqual(slow);
      }
      expect(parseRecipient(e164), e164).toEqual(slow);
    }
    // The fast path carries most of the valid numbers of one-country calling codes.
    expect(numbers.length).toBeGreaterThan(60_000);
    expect(fastAnswered).toBeGreaterThan(5_000);
  });

  it("reads the usual ways of writing a number", () => {
    expect(parseRecipient("+30 691 234 5678")).toMatchObject({ e164: "+306912345678", country: "GR", numberType: "MOBILE" });
    expect(parseRecipient("00306912345678")).toMatchObject({ e164: "+306912345678", country: "GR" });
    expect(parseRecipient("306912345678")).toMatchObject({ e164: "+306912345678", country: "GR" });
    expect(parseRecipient(306912345678)).toMatchObject({ e164: "+306912345678", country: "GR" });
    expect(parseRecipient("+14155550123", { type: false })).toMatchObject({ country: "US", numberType: "" });
    expect(parseRecipient("+30691")).toBeNull();
    expect(parseRecipient("not a number")).toBeNull();
    expect(parseRecipient({})).toBeNull();
  });
});
