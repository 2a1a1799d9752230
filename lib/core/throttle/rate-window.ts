// The shared count of a rate limit: requests per key in one-second windows (epoch seconds), one
// row per key. An instance adds what it wants to take (a lease) and learns the window's total
// after it; what it may use follows from that total alone, so one statement suffices and no
// two instances can be granted the same request.
import type { Ctx } from "../context.ts";
import { defineCronJob } from "../../jobs/job-shorthands.ts";

const COUNT = `
INSERT INTO rate_limit_windows AS r (key, window_start, used) VALUES ($1, $2, $3)
ON CONFLICT (key) DO UPDATE SET
  used = CASE WHEN r.window_start < EXCLUDED.window_start THEN EXCLUDED.used ELSE r.used + EXCLUDED.used END,
  window_start = GREATEST(r.window_start, EXCLUDED.window_start)
RETURNING used, window_start::text AS window_start`;

/**
 * Counts `n` more requests of `key` in `window`; answers how many of them fit under `limit`, and
 * the window's total. A window already passed by another instance (its clock ahead) counts them
 * in that newer one.
 */
export async function countInWindow(ctx: Ctx, key: string, window: number, n: number, limit: number): Promise<{ granted: number; total: number; window: number }> {
  const { rows } = await ctx.sql.prepared<{ used: number; window_start: string }>("rate_window_count", COUNT, [key, window, n]);
  const total = Number(rows[0]!.used);
  return { granted: Math.max(0, Math.min(n, limit - (total - n))), total, window: Number(rows[0]!.window_start) };
}

/** Keys idle for an hour (an address that visited once) are dropped by an hourly job. */
export async function pruneRateWindows(ctx: Ctx): Promise<number> {
  const { count } = await ctx.db.rateLimitWindow.deleteMany({ where: { windowStart: { lt: BigInt(Math.floor(ctx.now().getTime() / 1000) - 3600) } } });
  return count;
}

export const pruneRateWindowsJob = defineCronJob("maintenance.prune-rate-windows", "47 * * * *", { retryLimit: 2 }, pruneRateWindows);
