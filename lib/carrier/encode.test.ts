import { describe, expect, it } from "vitest";
import { analyzeBody } from "../core/sms/analyze-body.ts";
import { decodeGsm7, decodeUcs2, encodeGsm7, encodeUcs2 } from "./encode.ts";
import { gsmBasic, gsmExtension } from "../gsm-alphabet.ts";
import { generateCorpus } from "../core/sms/test-corpus.ts";

const allGsm = [...gsmBasic].filter((c) => c !== "\u001b").join("") + [...gsmExtension.keys()].join("");

describe("encodeGsm7 / decodeGsm7", () => {
  it("encodes unpacked septets, extension characters as 0x1B + code", () => {
    expect([...encodeGsm7("@£$")]).toEqual([0x00, 0x01, 0x02]);
    expect([...encodeGsm7("Hi!")]).toEqual([0x48, 0x69, 0x21]);
    expect([...encodeGsm7("€[]{}|~^\\\f")]).toEqual([0x1b, 0x65, 0x1b, 0x3c, 0x1b, 0x3e, 0x1b, 0x28, 0x1b, 0x29, 0x1b, 0x40, 0x1b, 0x3d, 0x1b, 0x14, 0x1b, 0x2f, 0x1b, 0x0a]);
    expect([...encodeGsm7("\n\rΔ_àÇ")]).toEqual([0x0a, 0x0d, 0x10, 0x11, 0x7f, 0x09]);
    expect(encodeGsm7("")).toEqual(new Uint8Array(0));
  });

  it("round-trips the whole alphabet, every byte a septet", () => {
    const bytes = encodeGsm7(allGsm);
    expect(bytes.length).toBe(analyzeBody(allGsm).characters);
    expect(bytes.every((b) => b < 0x80)).toBe(true);
    expect(decodeGsm7(bytes)).toBe(allGsm);
  });

  it("has a byte length equal to the septet count, and round-trips, on the GSM-7 corpus", () => {
    let checked = 0;
    for (const { body } of generateCorpus({ count: 2000, seed: 11 })) {
      const analysis = analyzeBody(body);
      if (analysis.unicode) {
        expect(() => encodeGsm7(body)).toThrow(RangeError);
        continue;
      }
      const bytes = encodeGsm7(body);
      expect(bytes.length).toBe(analysis.characters);
      expect(decodeGsm7(bytes)).toBe(body);
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("throws on a character outside the alphabet, naming it", () => {
    expect(() => encodeGsm7("ok ç")).toThrow(/"ç" \(U\+00E7\) at index 3/);
    expect(() => encodeGsm7("😀")).toThrow(/U\+1F600/);
    expect(() => encodeGsm7("\u001b")).toThrow(RangeError);
  });

  it("decodes leniently", () => {
    expect(decodeGsm7(Uint8Array.of(0x1b, 0x41))).toBe("A"); // unknown extension code → basic character
    expect(decodeGsm7(Uint8Array.of(0x61, 0x1b, 0x1b, 0x62))).toBe("a b"); // reserved 0x1B 0x1B → space
    expect(decodeGsm7(Uint8Array.of(0x61, 0x1b))).toBe("a "); // trailing escape
    expect(decodeGsm7(Uint8Array.of(0xc1))).toBe("A"); // top bit ignored
  });
});

describe("encodeUcs2 / decodeUcs2", () => {
  it("is UTF-16 big-endian", () => {
    expect([...encodeUcs2("Aé你")]).toEqual([0x00, 0x41, 0x00, 0xe9, 0x4f, 0x60]);
  });

  it("encodes an emoji as 4 bytes (a surrogate pair)", () => {
    expect([...encodeUcs2("😀")]).toEqual([0xd8, 0x3d, 0xde, 0x00]);
    expect(encodeUcs2("👨‍👩‍👧").length).toBe(16);
  });

  it("round-trips the corpus, 2 bytes per UTF-16 code unit", () => {
    for (const { body } of generateCorpus({ count: 2000, seed: 12 })) {
      const bytes = encodeUcs2(body);
      expect(bytes.length).toBe(body.length * 2);
      expect(decodeUcs2(bytes)).toBe(body);
    }
  });
});
