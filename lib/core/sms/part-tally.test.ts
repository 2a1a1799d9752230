import { describe, expect, it } from "vitest";
import { outcomeOf, PartTally } from "./part-tally.ts";
import { expired, queued, receiptStatus, rejected, sentToCarrier, unsent } from "./statuses.ts";
import type { Metrics } from "../ports/metrics.ts";

describe("outcomeOf", () => {
  it("counts each status change as the outcome an operator watches", () => {
    expect(outcomeOf(queued)).toBeNull();
    expect(outcomeOf(sentToCarrier)).toBe("submitted");
    expect(outcomeOf(receiptStatus("DELIVRD", "000"))).toBe("delivered");
    expect(outcomeOf(receiptStatus("UNDELIV", "001"))).toBe("undelivered");
    expect(outcomeOf(receiptStatus("EXPIRED", "000"))).toBe("expired");
    expect(outcomeOf(expired)).toBe("expired");
    expect(outcomeOf(receiptStatus("REJECTD", "000"))).toBe("failed");
    expect(outcomeOf(rejected("ESME_RSUBMITFAIL"))).toBe("failed");
    expect(outcomeOf(unsent("ttl passed"))).toBe("failed");
  });
});

describe("PartTally", () => {
  it("hands the metrics one call per outcome, connector and country, then starts again", () => {
    const calls: unknown[][] = [];
    const metrics = { parts: (...args: unknown[]) => calls.push(args) } as unknown as Metrics;
    const t = new PartTally();
    for (let i = 0; i < 5; i++) t.add("submitted", "c1", "GR");
    t.add("submitted", "c2", "GR");
    t.add("submitted", null, "CY");
    t.add(null, "c1", "GR");
    t.add("delivered", undefined, undefined);
    t.flush(metrics);
    expect(calls).toEqual([
      ["submitted", "c1", "GR", 5],
      ["submitted", "c2", "GR", 1],
      ["submitted", null, "CY", 1],
      ["delivered", null, "", 1],
    ]);
    t.flush(metrics);
    expect(calls).toHaveLength(4);
  });
});
