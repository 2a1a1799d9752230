// Back-off after repeated failures (wrong passwords, wrong application secrets), per key, in the
// database so that every web instance counts the same failures. A key may fail `free` times; each
// failure after that blocks it for twice as long as the one before (1 s, 2 s, 4 s … up to 15
// minutes). A failure an hour after the previous one starts the count again.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { defineCronJob } from "../../jobs/job-shorthands.ts";

export interface ThrottleKey {
  key: string;
  /** Failures allowed before the first wait. */
  free: number;
}

const forgetAfterMs = 60 * 60 * 1000;
const longestWaitMs = 15 * 60 * 1000;

/** Seconds until every one of the keys may try again; 0 when none is blocked. */
export async function throttledFor(ctx: Ctx, keys: readonly ThrottleKey[]): Promise<number> {
  const now = ctx.now().getTime();
  const rows = await ctx.db.authThrottle.findMany({ where: { key: { in: keys.map((k) => k.key) }, blockedUntil: { gt: new Date(now) } }, select: { blockedUntil: true } });
  return rows.reduce((wait, r) => Math.max(wait, Math.ceil((r.blockedUntil!.getTime() - now) / 1000)), 0);
}

/**
 * Throws 429 tooManySignInAttempts, with Retry-After, while one of the keys is blocked; its
 * `value` is the wait in seconds unless the caller names another (OAuth's error code).
 */
export async function refuseThrottled(ctx: Ctx, keys: readonly ThrottleKey[], what: string, value?: string): Promise<void> {
  const wait = await throttledFor(ctx, keys);
  if (wait > 0) fail("tooManySignInAttempts", { message: `Too many failed ${what}; try again in ${wait} s.`, value: value ?? wait, headers: { "Retry-After": String(wait) } });
}

export async function noteFailure(ctx: Ctx, keys: readonly ThrottleKey[]): Promise<void> {
  const now = ctx.now();
  for (const { key, free } of keys) {
    // Failures long ago count no more.
    await ctx.db.authThrottle.deleteMany({ where: { key, lastFailureAt: { lt: new Date(now.getTime() - forgetAfterMs) } } });
    const row = await ctx.db.authThrottle.upsert({
      where: { key },
      create: { key, failures: 1, lastFailureAt: now },
      update: { failures: { increment: 1 }, lastFailureAt: now },
    });
    if (row.failures > free) {
      const wait = Math.min(longestWaitMs, 1000 * 2 ** Math.min(20, row.failures - free - 1));
      await ctx.db.authThrottle.update({ where: { key }, data: { blockedUntil: new Date(now.getTime() + wait) } });
    }
  }
}

/** After a success: the key's failures are forgotten. */
export async function clearFailures(ctx: Ctx, key: ThrottleKey): Promise<void> {
  await ctx.db.authThrottle.deleteMany({ where: { key: key.key } });
}

/** Rows of keys that have not failed for a day (an hourly job). */
export async function pruneThrottles(ctx: Ctx): Promise<number> {
  const { count } = await ctx.db.authThrottle.deleteMany({ where: { lastFailureAt: { lt: new Date(ctx.now().getTime() - 24 * 60 * 60 * 1000) } } });
  return count;
}

export const pruneThrottlesJob = defineCronJob("maintenance.prune-throttles", "41 * * * *", { retryLimit: 2 }, pruneThrottles);
