// The pace per endpoint holds across worker processes: two pacers sharing the database (two
// processes' worth) stay within one endpoint's C POSTs at once and R per second together, leave
// another endpoint free, and take back the slots of a process that died holding them.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-db.ts";
import { makeAccount } from "../../../tests/support/factories.ts";
import { Pacer } from "./endpoint-pace.ts";

const db = useTestDatabase();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("pace per endpoint across processes", () => {
  it("holds an endpoint to C POSTs at once across two pacers, and leaves another endpoint free", async () => {
    const ctx = db.ctx();
    const { account } = await makeAccount(ctx);
    const pacers = [new Pacer(), new Pacer()];
    const open = new Map<string, number>();
    const most = new Map<string, number>();
    const byPacer = [0, 0];
    const task = (endpoint: string, i: number) => async () => {
      open.set(endpoint, (open.get(endpoint) ?? 0) + 1);
      most.set(endpoint, Math.max(most.get(endpoint) ?? 0, open.get(endpoint)!));
      byPacer[i % 2]!++;
      await sleep(15);
      open.set(endpoint, open.get(endpoint)! - 1);
    };
    const limits = { maxConcurrency: 3, maxPerSecond: 0 };
    await Promise.all([
      ...Array.from({ length: 24 }, (_, i) => pacers[i % 2]!.run(ctx, account.id, "https://x.example/a", limits, task("a", i))),
      ...Array.from({ length: 6 }, (_, i) => pacers[i % 2]!.run(ctx, account.id, "https://x.example/b", limits, task("b", i))),
    ]);
    expect(most.get("a")).toBe(3);
    expect(most.get("b")).toBe(3);
    // Both processes sent: the slots passed between them.
    expect(byPacer.every((n) => n > 0)).toBe(true);
    // Every slot went back once both were idle.
    await sleep(400);
    const pace = await ctx.db.webhookPace.findMany({ where: { accountId: account.id } });
    expect(pace.map((p) => p.inFlight)).toEqual([0, 0]);
  });

  it("starts at most R POSTs per second across two pacers", async () => {
    const ctx = db.ctx();
    const { account } = await makeAccount(ctx);
    const pacers = [new Pacer(), new Pacer()];
    const starts: number[] = [];
    const limits = { maxConcurrency: 10, maxPerSecond: 20 };
    const first = Date.now();
    await Promise.all(Array.from({ length: 30 }, (_, i) => pacers[i % 2]!.run(ctx, account.id, "https://y.example/", limits, async () => void starts.push(Date.now()))));
    // 30 at 20 per second (counted in one-second windows) cannot all start within the first window.
    expect(Math.max(...starts)).toBeGreaterThanOrEqual(Math.floor(first / 1000 + 1) * 1000);
    const perSecond = new Map<number, number>();
    for (const t of starts) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
    for (const n of perSecond.values()) expect(n).toBeLessThanOrEqual(20);
  });

  it("takes back the slots of a process that died holding them", async () => {
    const ctx = db.ctx();
    const { account } = await makeAccount(ctx);
    const endpoint = "https://z.example/";
    // A process leased all three slots and stopped renewing them a minute ago.
    await ctx.db.webhookPace.create({ data: { accountId: account.id, endpoint, inFlight: 3, lastGrant: 3 } });
    await ctx.db.webhookPaceHolder.create({ data: { accountId: account.id, endpoint, holder: "dead", slots: 3, expiresAt: new Date(Date.now() - 60_000) } });
    let ran = 0;
    await Promise.all(Array.from({ length: 4 }, () => new Pacer().run(ctx, account.id, endpoint, { maxConcurrency: 3, maxPerSecond: 0 }, async () => void ran++)));
    expect(ran).toBe(4);
    expect(await ctx.db.webhookPaceHolder.count({ where: { accountId: account.id, holder: "dead" } })).toBe(0);
  });
});
