import { describe, expect, it } from "vitest";
import { formatPriceCsv, parsePriceCsv } from "./price-csv.ts";

describe("price list CSV", () => {
  it("reads the exported file back as it was written", () => {
    const rows = [
      { country: "GR", network: "", priceMicros: 30_000n },
      { country: "GR", network: "20201", priceMicros: 25_500n },
      { country: "US", network: "310260", priceMicros: 7_900n },
    ];
    const { rows: back, problems } = parsePriceCsv(formatPriceCsv(rows));
    expect(problems).toEqual([]);
    expect(back.map(({ country, network, priceMicros }) => ({ country, network, priceMicros }))).toEqual(rows);
  });

  it("takes columns in any order, spreadsheet quoting, semicolons, a BOM, blank lines and decimal commas", () => {
    const { rows, problems } = parsePriceCsv('\uFEFFPrice;Country;MCCMNC\r\n"0,031";gr;\r\n\r\n0.02;DE;262-01\r\n');
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 2, country: "GR", network: "", priceMicros: 31_000n },
      { line: 4, country: "DE", network: "26201", priceMicros: 20_000n },
    ]);
  });

  it("lets the network column out", () => {
    expect(parsePriceCsv("country,price\nFR,0.05\n").rows).toEqual([{ line: 2, country: "FR", network: "", priceMicros: 50_000n }]);
  });

  it("names the line and the cell of every bad row", () => {
    const { rows, problems } = parsePriceCsv("country,network,price\nGreece,,0.1\nGR,2020,0.1\nGR,,cheap\nGR,,-1\nGR,,0.03\nGR,,0.04\n");
    expect(rows).toHaveLength(1);
    expect(problems).toEqual([
      { line: 2, message: expect.stringContaining('country "Greece"') },
      { line: 3, message: expect.stringContaining('network "2020"') },
      { line: 4, message: expect.stringContaining('price "cheap"') },
      { line: 5, message: expect.stringContaining('price "-1"') },
      { line: 7, message: "GR is priced on line 6 already." },
    ]);
  });

  it("needs a header naming country and price", () => {
    expect(parsePriceCsv("GR,,0.03\n").problems).toEqual([{ line: 1, message: expect.stringContaining("country,network,price") }]);
    expect(parsePriceCsv("").problems[0]!.line).toBe(1);
  });
});
