import { describe, expect, it } from "vitest";
import { paceBinds, paced } from "./endpoint-pace.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("pace per endpoint", () => {
  it("binds only when the account asks for less than the process already allows", () => {
    expect(paceBinds({ maxConcurrency: 100, maxPerSecond: 0 }, 100)).toBe(false);
    expect(paceBinds({ maxConcurrency: 5, maxPerSecond: 0 }, 100)).toBe(true);
    expect(paceBinds({ maxConcurrency: 100, maxPerSecond: 50 }, 100)).toBe(true);
  });

  it("holds an endpoint to C POSTs at once, and leaves another endpoint free", async () => {
    let open = 0;
    let most = 0;
    const task = async () => {
      most = Math.max(most, ++open);
      await sleep(10);
      open--;
    };
    const limits = { maxConcurrency: 2, maxPerSecond: 0 };
    await Promise.all(Array.from({ length: 8 }, () => paced("a https://x/1", limits, task)));
    expect(most).toBe(2);
    most = 0;
    await Promise.all([...Array.from({ length: 3 }, () => paced("a https://x/2", limits, task)), ...Array.from({ length: 3 }, () => paced("a https://x/3", limits, task))]);
    expect(most).toBe(4);
  });

  it("starts at most R POSTs per second", async () => {
    const starts: number[] = [];
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 5 }, () => paced("b https://y/", { maxConcurrency: 10, maxPerSecond: 50 }, async () => void starts.push(performance.now() - t0))));
    // 50 per second: one every 20 ms, the first at once.
    expect(starts.at(-1)!).toBeGreaterThanOrEqual(75);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(15);
  });
});
