import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, scanJson } from "./parse-request.ts";

describe("scanJson", () => {
  const nested = (n: number) => "[".repeat(n) + "]".repeat(n);

  it("finds nesting deeper than the limit, counting arrays and objects alike", () => {
    expect(scanJson(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBeNull();
    expect(scanJson(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe("tooDeep");
    expect(scanJson('{"a":{"b":[{"c":1}]}}', 3)).toBe("tooDeep");
    expect(scanJson('{"a":{"b":[{"c":1}]}}', 4)).toBeNull();
    // Depth is the deepest point, not the number of brackets.
    expect(scanJson(`[${"[],".repeat(1000)}[]]`, 2)).toBeNull();
  });

  it("ignores brackets and escaped quotes inside strings", () => {
    expect(scanJson(JSON.stringify({ a: "[[[[{{{{" + '\\"[[[' }), 2)).toBeNull();
    expect(scanJson(JSON.stringify(["\\", [[]]]), 3)).toBeNull();
    expect(scanJson(JSON.stringify(["\\", [[[]]]]), 3)).toBe("tooDeep");
  });

  it("finds an escaped NUL character, but not an escaped backslash before u0000", () => {
    expect(scanJson(JSON.stringify({ a: "x\u0000y" }), 64)).toBe("nul");
    expect(scanJson(JSON.stringify({ "\u0000": 1 }), 64)).toBe("nul");
    expect(scanJson(JSON.stringify({ a: "\\u0000" }), 64)).toBeNull();
    expect(scanJson(JSON.stringify({ a: "\u0001" }), 64)).toBeNull();
  });
});
