import { describe, expect, it } from "vitest";
import { json } from "./render-error.ts";
import { COMPRESSED_FROM_BYTES, UNCOMPRESSED_FROM_BYTES } from "./compress.ts";

describe("json answers", () => {
  it("carries bigints as numbers", async () => {
    const r = json(200, { costMicros: 42_000n, nested: [{ n: 7n }] });
    expect(await r.json()).toEqual({ costMicros: 42000, nested: [{ n: 7 }] });
  });

  it("marks a large answer and a small one no-transform, so Next.js gzips only those between", async () => {
    const numbers = Array.from({ length: Math.ceil(UNCOMPRESSED_FROM_BYTES / 14) + 1 }, (_, i) => `+3069${String(i).padStart(8, "0")}`);
    const big = json(200, { numbers });
    expect(big.headers.get("cache-control")).toBe("no-transform");
    expect((await big.json()).numbers).toHaveLength(numbers.length);
    const middle = json(200, { numbers: numbers.slice(0, 100) });
    expect(middle.headers.get("cache-control")).toBeNull();
    expect(middle.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const small = json(200, { numbers: numbers.slice(0, Math.floor(COMPRESSED_FROM_BYTES / 20)) });
    expect(small.headers.get("cache-control")).toBe("no-transform");
    // What the answer says of caching stays; no-transform is added to it.
    expect(json(200, { ok: true }, { "Cache-Control": "no-store" }).headers.get("cache-control")).toBe("no-store, no-transform");
  });
});
