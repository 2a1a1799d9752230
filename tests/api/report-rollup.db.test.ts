// The reporting home's hourly rollup: a report from the rollup says exactly what the same report
// computed live from the parts says; complete hours are read from the rollup (a late receipt
// shows once its hour is recomputed), recent hours are recomputed every minute and older ones
// every ten, and the current hour is always live.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { seedMessages } from "../../lib/core/seed/seed-messages.ts";
import { reportOverview } from "../../lib/core/reports/overview.ts";
import { floorHour, HOUR_MS, rollUpDue } from "../../lib/core/reports/report-rollup.ts";
import type { Ctx } from "../../lib/core/context.ts";

const db = useTestDatabase();
const DAY = 86_400_000;

describe("the reporting home's hourly rollup", () => {
  let accountId: string;
  const now = new Date();
  const period = () => ({ from: new Date(now.getTime() - 7 * DAY), to: now });
  const at = (ms: number): Ctx => ({ ...db.ctx(), now: () => new Date(now.getTime() + ms) });

  beforeAll(async () => {
    const a = await makeAccount(db.ctx());
    accountId = a.account.id;
    // Five days of traffic, ending a few minutes ago, so the current hour has some too.
    await seedMessages(db.ctx().sql, { accountId, messages: 3000, days: 5, events: false, campaigns: 5, now: new Date(now.getTime() - 60_000) });
  }, 120_000);

  it("reports from the rollup exactly what it reports live", async () => {
    const live = await reportOverview(db.ctx(), { accountId, ...period() });
    expect(live.totals.total).toBeGreaterThan(3000); // every tenth message has two parts
    const first = await rollUpDue(at(0));
    // Every complete hour from the oldest part's on: five days of them (120, or 119 when the
    // seed's first, partial hour happened to get no message).
    const oldest = await db.ctx().sql.query<{ t: Date | string }>(`SELECT min(created_at) AS t FROM message_parts WHERE account_id = $1::uuid`, [accountId]);
    const hours = (floorHour(now.getTime()) - floorHour(new Date(oldest.rows[0]!.t).getTime())) / HOUR_MS;
    expect(hours).toBeGreaterThanOrEqual(5 * 24 - 1);
    expect(first.computed).toBe(hours);
    expect(first.left).toBe(0);
    const rolled = await reportOverview(db.ctx(), { accountId, ...period() });
    expect(rolled).toEqual(live);
    // Nothing is due again a moment later.
    expect(await rollUpDue(at(1000))).toEqual({ computed: 0, left: 0 });
  });

  it("shows a late receipt when its hour is recomputed: within a minute for recent hours, ten for older ones", async () => {
    await rollUpDue(at(0));
    // A receipt that arrives late for a part of an hour that ended `hoursAgo` hours ago: a part
    // that was not Delivered becomes Delivered (+1), or a Delivered one turns out Undelivered (-1).
    const lateReceipt = async (hoursAgo: number): Promise<number> => {
      const { rows } = await db.ctx().sql.query<{ id: string; status: string }>(
        `SELECT p.id, p.status FROM message_parts p JOIN messages m ON m.id = p.message_id
          WHERE p.account_id = $1 AND m.direction = 'Outbound'
            AND p.created_at < date_trunc('hour', now()) - ($2 || ' hours')::interval
            AND p.created_at >= date_trunc('hour', now()) - ($2 || ' hours')::interval - interval '1 hour'
          ORDER BY p.status = 'Delivered' LIMIT 1`,
        [accountId, String(hoursAgo)],
      );
      expect(rows).toHaveLength(1);
      const becomes = rows[0]!.status === "Delivered" ? "Undelivered" : "Delivered";
      await db.ctx().sql.query(`UPDATE message_parts SET status = $2, done_at = created_at + interval '4 seconds' WHERE id = $1`, [rows[0]!.id, becomes]);
      return becomes === "Delivered" ? 1 : -1;
    };
    const delivered = async () => (await reportOverview(db.ctx(), { accountId, ...period() })).totals.delivered;

    const before = await delivered();
    const recent = await lateReceipt(1); // an hour that ended one to two hours ago
    const older = await lateReceipt(6); // one that ended six to seven hours ago
    // The rollup still has the old figures for both hours.
    expect(await delivered()).toBe(before);
    // Two minutes on, the recent hour is recomputed, the older one not yet.
    await rollUpDue(at(2 * 60_000));
    expect(await delivered()).toBe(before + recent);
    // Eleven minutes on, the older one too.
    await rollUpDue(at(11 * 60_000));
    expect(await delivered()).toBe(before + recent + older);
  });

  it("counts the current hour live", async () => {
    await rollUpDue(at(0));
    const before = (await reportOverview(db.ctx(), { accountId, ...period() })).totals.total;
    // A message sent just now is in the report at once, though no rollup ran.
    await seedMessages(db.ctx().sql, { accountId, messages: 1, days: 0.0001, events: false, campaigns: 0, now: new Date() });
    const after = (await reportOverview(db.ctx(), { accountId, from: period().from, to: new Date() })).totals.total;
    expect(after).toBe(before + 1);
  });
});
