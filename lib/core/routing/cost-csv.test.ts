import { describe, expect, it } from "vitest";
import { DomainError } from "../errors.ts";
import { readCostCsv, writeCostCsv } from "./cost-csv.ts";
import { cases } from "../../../tests/support/cases.ts";

function refusal(csv: string): string {
  try {
    readCostCsv(csv);
  } catch (e) {
    if (e instanceof DomainError) {
      expect(e.details.property).toBe("csv");
      return e.message;
    }
    throw e;
  }
  throw new Error("accepted");
}

describe("connector cost CSV", () => {
  it("reads country, network and cost, with or without a header, in any column order", () => {
    expect(readCostCsv("\uFEFFcountry,network,cost\r\nGR,,0.021\r\ngr,202-01,0.018\r\n\r\n")).toEqual([
      { iso: "GR", network: "", currency: "EUR", costMicros: 21_000n },
      { iso: "GR", network: "20201", currency: "EUR", costMicros: 18_000n },
    ]);
    expect(readCostCsv("cost,country\n0.5,CY")).toEqual([{ iso: "CY", network: "", currency: "EUR", costMicros: 500_000n }]);
    expect(readCostCsv('DE,,"0.07",usd')).toEqual([{ iso: "DE", network: "", currency: "USD", costMicros: 70_000n }]);
  });

  cases(
    "refuses %j, naming the first bad line: %s",
    refusal,
    [
      ["country,network,cost\nGR,,0.02\nXX,,0.02", "line 3"],
      ["country,network,cost\nGR,abc,0.02", "network"],
      ["country,network,cost\nGR,,cheap", "cost"],
      ["country,network,cost\nGR,,-1", "negative"],
      ["country,network,cost\nGR,,1\ngr,,2", "twice"],
      ["country,carrier,cost\nGR,,1", 'unknown column "carrier"'],
      ["country,network\nGR,20201", "no cost column"],
    ],
    "toContain",
  );

  it("writes what it reads", () => {
    const rows = readCostCsv("country,network,cost,currency\nGR,,0.021,EUR\nGR,20201,0.018,EUR\n");
    expect(readCostCsv(writeCostCsv(rows))).toEqual(rows);
  });
});
