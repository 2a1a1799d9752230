import { describe, expect, it } from "vitest";
import { parseLooseDate } from "./query-date.ts";

describe("parseLooseDate", () => {
  it.each([
    ["2026-11-21T15:00:00Z", "2026-11-21T15:00:00.000Z"],
    ["2026-11-21T15:00Z", "2026-11-21T15:00:00.000Z"],
    ["2026-11-21T15:00", "2026-11-21T15:00:00.000Z"],
    ['"2016-01-01T00:00:00"', "2016-01-01T00:00:00.000Z"],
    ["2026-11-21T17:00:00+02:00", "2026-11-21T15:00:00.000Z"],
    ["2026-11-21T17:00:00+0200", "2026-11-21T15:00:00.000Z"],
    ["2026-11-21", "2026-11-21T00:00:00.000Z"],
    ["2026-11-21 15:00:00.123Z", "2026-11-21T15:00:00.123Z"],
    ["1763737200", "2025-11-21T15:00:00.000Z"],
  ])("reads %s", (input, expected) => {
    expect(parseLooseDate(input)?.toISOString()).toBe(expected);
  });

  it.each(["", "yesterday", "2026-13-45T99:99", "2026-11-21T15", "%ZZ", '""'])("refuses %j", (input) => {
    expect(parseLooseDate(input)).toBeNull();
  });
});
