import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { errorTable } from "./error-table.ts";
import { errorCatalog } from "./errors.ts";

describe("error catalog", () => {
  it("gives every error a unique 9-digit code that starts with its HTTP status", () => {
    const codes = Object.values(errorCatalog).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of Object.values(errorCatalog)) {
      expect(e.code).toMatch(/^\d{9}$/);
      expect(e.code.slice(0, 3)).toBe(String(e.status));
    }
  });

  it("is listed in the README exactly as the catalog says (regenerate with npx tsx scripts/error-table.ts)", () => {
    expect(fs.readFileSync("README.md", "utf8")).toContain(errorTable());
  });
});
