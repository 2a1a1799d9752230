import { describe, expect, it } from "vitest";
import { csvCell, neutraliseCell } from "./tracking-csv.ts";

describe("neutraliseCell", () => {
  it("prefixes a quote to cells a spreadsheet would run as formulas", () => {
    for (const v of ["=1+1", '=HYPERLINK("http://x")', "@SUM(A1)", "\tx", "\rx", "+1+cmd|' /C calc'!A0", "-2+3", "+", "-", "+30 691", "-abc", "+1e5"]) expect(neutraliseCell(v)).toBe(`'${v}`);
  });
  it("leaves E.164 numbers, signed plain numbers and ordinary text alone", () => {
    for (const v of ["+306912345678", "+4915123456789", "-0.0365", "-12", "306912345678", "Delivered", "Hello = world", "", "a@b.c", "0.05"]) expect(neutraliseCell(v)).toBe(v);
  });
});

describe("csvCell", () => {
  it("quotes cells with commas, quotes and line breaks after neutralising them", () => {
    expect(csvCell('Hi, "you"')).toBe('"Hi, ""you"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
    expect(csvCell(0.0365)).toBe("0.0365");
  });
});
