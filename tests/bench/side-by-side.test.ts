import { describe, expect, it } from "vitest";
import { compareRows, direction, pairedRows, parseResults, sideBySideTable } from "../../bench/support/side-by-side.ts";

const output = (rows: string[]) =>
  [
    "[bench 10:00:00] B1: POST /api/sms",
    "| B1 a detail table above the results | 1 | 2 | 0.5 | — |",
    "### Results",
    "",
    "Machine: 2 cores",
    "",
    "| # | ours | anchor, same run | ratio | goal |",
    "|---|---:|---:|---:|---|",
    ...rows,
    "",
    "Whole run: 10 s.",
  ].join("\n");

describe("npm run bench --against", () => {
  it("reads the results table only, cell by cell", () => {
    const rows = parseResults(output(["| B1 POST /api/sms req/s vs empty route | 887 | 1,026 | 0.86 | ≥ 0.7 ✓ |"]));
    expect(rows).toEqual([{ name: "B1 POST /api/sms req/s vs empty route", ours: "887", anchor: "1,026", ratio: "0.86", goal: "≥ 0.7 ✓" }]);
  });

  it("compares by the ratio to the same run's anchor, turned so that above 1 is better", () => {
    const before = parseResults(output(["| B1 req/s | 900 | 1,000 | 0.90 | ≥ 0.7 ✓ |", "| B2 30k campaign | 2,400 ms | 1,500 ms | 1.60 | ≤ 2 ✓ |"]));
    // The machine was slower in the second run: both figures fell, the ratios tell the code apart.
    const now = parseResults(output(["| B1 req/s | 700 | 1,000 | 0.70 | ≥ 0.7 ✓ |", "| B2 30k campaign | 2,000 ms | 1,250 ms | 1.60 | ≤ 2 ✓ |"]));
    const [b1, b2] = compareRows(before, now);
    expect(b1).toMatchObject({ by: "ratio" });
    expect(b1!.score).toBeCloseTo(0.7 / 0.9);
    expect(b2).toMatchObject({ by: "ratio", score: 1 });
    expect(sideBySideTable([b1!, b2!], 0.95)).toMatch(/\| B1 req\/s \| 900 \(ratio 0\.90\) \| 700 \(ratio 0\.70\) \| 0\.78 \(ratio\) \| ✗ \|/);
  });

  it("compares rows without a ratio by their figure, lower being better for times", () => {
    const before = parseResults(output(["| B1b p50 / p95 | 30 / 50 ms | — | — | — (reported) |", "| B6 analyses/s | 200,000 | — | — | — |"]));
    const now = parseResults(output(["| B1b p50 / p95 | 40 / 60 ms | — | — | — (reported) |", "| B6 analyses/s | 210,000 | — | — | — |"]));
    expect(direction(now[0]!)).toBe("lower");
    expect(direction(now[1]!)).toBe("higher");
    const [b1b, b6] = compareRows(before, now);
    expect(b1b).toMatchObject({ by: "figure", score: 0.75 });
    expect(b6!.score).toBeCloseTo(1.05);
  });

  it("shows beside a figure without an anchor how far the benchmark's anchors moved between the runs", () => {
    // The anchor took 1.5 times as long in the second run.
    const before = parseResults(output(["| B2 30k campaign ms | 3,400 | 1,700 | 2.00 | ≤ 2 ✓ |", "| B2a accepted, ms | 500 | — | — | < 1000 ✓ |"]));
    const now = parseResults(output(["| B2 30k campaign ms | 5,100 | 2,550 | 2.00 | ≤ 2 ✓ |", "| B2a accepted, ms | 690 | — | — | < 1000 ✓ |"]));
    const [, b2a] = compareRows(before, now);
    expect(b2a).toMatchObject({ by: "figure", now: "690 (anchors ×1.50)" });
    expect(b2a!.score).toBeCloseTo(500 / 690);
  });

  it("with --repeat, judges each row by the median of each side over its pairs, not by the median of the pairs' own scores", () => {
    const pair = (before: string, now: string) => compareRows(parseResults(output([`| B1 req/s | 1 | 1 | ${before} | ≥ 0.4 ✓ |`])), parseResults(output([`| B1 req/s | 1 | 1 | ${now} | ≥ 0.4 ✓ |`])));
    // The same code on both sides, its anchor noisy: two pairs of three score below 0.95.
    const [row] = pairedRows([pair("0.50", "0.47"), pair("0.60", "0.56"), pair("0.55", "0.58")]);
    expect(row!.pairs!.map((x) => x!.toFixed(2))).toEqual(["0.94", "0.93", "1.05"]);
    expect(row!.score).toBeCloseTo(0.56 / 0.55);
    // Lower is better for a time: before over now.
    const times = (before: string, now: string) =>
      compareRows(parseResults(output([`| B2a accepted, ms | ${before} | — | — | < 1000 ✓ |`])), parseResults(output([`| B2a accepted, ms | ${now} | — | — | < 1000 ✓ |`])));
    expect(pairedRows([times("230", "245"), times("200", "260"), times("250", "240")])[0]!.score).toBeCloseTo(230 / 245);
  });

  it("with --repeat, judges each row by the median of its pairs, one noisy pair outvoted", () => {
    const pair = (before: string, now: string) =>
      compareRows(parseResults(output([`| B5 callbacks/s | 1 | 1 | ${before} | ≥ 0.4 ✓ |`])), parseResults(output([`| B5 callbacks/s | 1 | 1 | ${now} | ≥ 0.4 ✓ |`])));
    const [row] = pairedRows([pair("0.60", "0.51"), pair("0.50", "0.51"), pair("0.52", "0.51")]);
    expect(row!.pairs!.map((x) => x!.toFixed(2))).toEqual(["0.85", "1.02", "0.98"]);
    expect(row!.score).toBeCloseTo(0.51 / 0.52);
    expect(sideBySideTable([row!], 0.95)).toContain("0.98 (ratio; pairs 0.85, 1.02, 0.98) | ✓");
  });

  it("compares ratios printed with few places by the figures behind them", () => {
    const before = parseResults(output(["| B1 req/s vs bare | 1,009 | 12,168 | 0.08 | ≥ 0.05 ✓ |", "| B6 analyses/s | 272,574 | 1,498 | 182× | ≥ 10 ✓ |"]));
    const now = parseResults(output(["| B1 req/s vs bare | 1,002 | 11,857 | 0.08 | ≥ 0.05 ✓ |", "| B6 analyses/s | 270,795 | 1,480 | 183× | ≥ 10 ✓ |"]));
    const [b1, b6] = compareRows(before, now);
    expect(b1!.score).toBeCloseTo(1002 / 11857 / (1009 / 12168), 4);
    expect(b6!.score).toBeCloseTo(270795 / 1480 / (272574 / 1498), 4);
    // A ratio the figures do not give back (another formula) is taken as printed.
    const [odd] = compareRows(parseResults(output(["| B7 x | 100 | 50 | 0.90 | ≥ 0.5 ✓ |"])), parseResults(output(["| B7 x | 100 | 50 | 0.99 | ≥ 0.5 ✓ |"])));
    expect(odd!.score).toBeCloseTo(1.1);
  });

  it("leaves a failed side or a row one side lacks uncompared, never counted as equal", () => {
    const before = parseResults(output(["| B13 completed msg/s | failed | — | — | — |"]));
    const now = parseResults(output(["| B13 completed msg/s | 300 | 330 | 0.91 | ≥ 0.9 ✓ |", "| B13 new row | 5 | — | — | — |"]));
    expect(compareRows(before, now).map((r) => [r.score, r.before])).toEqual([
      [null, "failed"],
      [null, "— (no such row)"],
    ]);
  });
});
