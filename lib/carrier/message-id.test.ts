import { describe, expect, it } from "vitest";
import { alternateMessageIds, canonicalMessageId } from "./message-id.ts";
import { cases } from "../../tests/support/cases.ts";

describe("SMSC message ids", () => {
  cases("match %j as %j (case and leading zeros do not count)", canonicalMessageId, [
    ["00A1B2c3", "a1b2c3"],
    [" 0000000042 ", "42"],
    ["000", "0"],
    ["", ""],
    ["Msg-ID_7", "msg-id_7"],
  ]);

  it("offer the other base for a receipt that spells the id in decimal or hex", () => {
    // Issued 0x1f4 in the submit_sm_resp, reported as 500 in the receipt (and the reverse).
    expect(alternateMessageIds("500")).toContain("1f4");
    expect(alternateMessageIds("1F4")).toEqual(["500"]);
    expect(alternateMessageIds("0001f4")).toEqual(["500"]);
    // The simulator's 64-bit hex ids in decimal.
    const hex = "9a3c0f1200000017";
    expect(alternateMessageIds(BigInt(`0x${hex}`).toString(10))).toContain(hex);
    // Ids that are not numbers have none.
    expect(alternateMessageIds("msg-7")).toEqual([]);
    expect(alternateMessageIds("6f9619ff8b86d011b42d00c04fc964ff6f9619ff")).toEqual([]);
  });
});
