// The statuses-over-time chart's bucket width: the smallest readable step that keeps a
// campaign's span within MAX_POINTS points.
import { describe, expect, it } from "vitest";
import { MAX_POINTS, bucketSecondsFor } from "./campaign-timeline.ts";

describe("bucketSecondsFor", () => {
  it.each([
    [0, 1],
    [4_000, 1],
    [90_000, 1],
    [91_000, 2],
    [10 * 60_000, 10],
    [60 * 60_000, 60],
    [24 * 3_600_000, 1800],
    [30 * 86_400_000, 43_200],
    [60 * 86_400_000, 86_400],
  ])("%i ms → %i s", (span, step) => {
    expect(bucketSecondsFor(span)).toBe(step);
  });

  it("never gives more than MAX_POINTS buckets, even for spans beyond its table", () => {
    for (const span of [1, 59_999, 7 * 86_400_000, 400 * 86_400_000, 10 * 365 * 86_400_000]) {
      const step = bucketSecondsFor(span);
      expect(Math.ceil(span / 1000 / step)).toBeLessThanOrEqual(MAX_POINTS);
      expect(Number.isInteger(step)).toBe(true);
    }
    expect(bucketSecondsFor(10 * 365 * 86_400_000) % 86_400).toBe(0);
  });
});
