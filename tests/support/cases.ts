// A pure function's examples as a table: one test per [input, expected] row, named by both, instead
// of each test file writing its own it.each and expect around the same function call.
import { expect, it } from "vitest";

/**
 * One test per row: `fn(input)` equals `expected` (or, with "toContain", contains it). The title
 * formats the row as it.each does: "%j → %j".
 */
export function cases<I, O>(title: string, fn: (input: I) => O, rows: readonly (readonly [I, O])[], compare: "toEqual" | "toContain" = "toEqual"): void {
  it.each(rows as (readonly [I, O])[])(title, (input, expected) => {
    expect(fn(input))[compare](expected);
  });
}
