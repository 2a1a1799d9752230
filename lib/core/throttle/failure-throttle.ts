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

/** A key that must wait, and until when. */
export interface Block {
  key: string;
  until: Date;
}

/** The keys' blocks still running. */
export async function blocksOf(ctx: Ctx, keys: readonly ThrottleKey[]): Promise<Block[]> {
  const rows = await ctx.db.authThrottle.findMany({ where: { key: { in: keys.map((k) => k.key) }, blockedUntil: { gt: ctx.now() } }, select: { key: true, blockedUntil: true } });
  return rows.map((r) => ({ key: r.key, until: r.blockedUntil! }));
}

/** Seconds from `now` until every block is over; 0 when none is running. */
export function secondsLeft(now: Date, blocks: readonly Block[]): number {
  return blocks.reduce((wait, b) => Math.max(wait, Math.ceil((b.until.getTime() - now.getTime()) / 1000)), 0);
}

/** Seconds until every one of the keys may try again; 0 when none is blocked. */
export async function throttledFor(ctx: Ctx, keys: readonly ThrottleKey[]): Promise<number> {
  return secondsLeft(ctx.now(), await blocksOf(ctx, keys));
}

/**
 * Throws 429 tooManySignInAttempts, with Retry-After, while one of the keys is blocked; its
 * `value` is the wait in seconds unless the caller names another (OAuth's error code).
 */
export async function refuseThrottled(ctx: Ctx, keys: readonly ThrottleKey[], what: string, value?: string): Promise<void> {
  const wait = await throttledFor(ctx, keys);
  if (wait > 0) fail("tooManySignInAttempts", { message: `Too many failed ${what}; try again in ${wait} s.`, value: value ?? wait, headers: { "Retry-After": String(wait) } });
}

/**
 * Counts a failure of each key (a check that failed), beginning its wait once it is past its free
 * failures: the statement claimAttempt counts with. A key already waiting counts nothing more.
 */
export async function noteFailure(ctx: Ctx, keys: readonly ThrottleKey[]): Promise<void> {
  const now = ctx.now().toISOString();
  for (const k of keys) await ctx.sql.prepared("auth_throttle_claim", CLAIM, [k.key, now, k.free, forgetAfterMs, longestWaitMs]);
}

/** An attempt counted ahead of its check (claimAttempt): its key, and the wait it began (null: none). */
export interface ClaimedAttempt {
  key: string;
  waitBegun: Date | null;
}

// One attempt of a key counted as a failure ahead of its check, in one statement that also begins
// the key's wait when it is past its free failures, and counts nothing while a wait runs (no row
// comes back). The row's lock puts simultaneous attempts in a line: of a burst sent at once, only
// those within the free failures (and the one that begins the wait) get through.
const CLAIM = `
INSERT INTO auth_throttles AS t (key, failures, last_failure_at, blocked_until)
VALUES ($1, 1, $2::timestamptz, CASE WHEN $3::int < 1 THEN $2::timestamptz + interval '1 second' END)
ON CONFLICT (key) DO UPDATE SET
  failures = CASE WHEN t.last_failure_at < $2::timestamptz - $4::int * interval '1 millisecond' THEN 1 ELSE t.failures + 1 END,
  last_failure_at = $2::timestamptz,
  blocked_until = CASE
    WHEN (CASE WHEN t.last_failure_at < $2::timestamptz - $4::int * interval '1 millisecond' THEN 1 ELSE t.failures + 1 END) > $3::int
    THEN $2::timestamptz + LEAST($5::int, 1000 * power(2, LEAST(20, t.failures - $3::int))) * interval '1 millisecond'
    ELSE t.blocked_until END
WHERE t.blocked_until IS NULL OR t.blocked_until <= $2::timestamptz
RETURNING failures, blocked_until > $2::timestamptz AS waits, (extract(epoch FROM blocked_until) * 1000)::float8 AS blocked_ms`;

/**
 * Counts an attempt as a failure before a slow check (a password hash) runs, so that attempts
 * sent at the same time find the count, and the wait, already there; throws 429 while one of the
 * keys waits (nothing counted then). `forgiveFailures` takes the count back when the check passes.
 */
export async function claimAttempt(ctx: Ctx, keys: readonly ThrottleKey[], what: string): Promise<ClaimedAttempt[]> {
  const now = ctx.now();
  const claimed: ClaimedAttempt[] = [];
  for (const k of keys) {
    const { rows } = await ctx.sql.prepared<{ failures: number; waits: boolean | null; blocked_ms: number | null }>("auth_throttle_claim", CLAIM, [
      k.key,
      now.toISOString(),
      k.free,
      forgetAfterMs,
      longestWaitMs,
    ]);
    const row = rows[0];
    if (!row) {
      await forgiveFailures(ctx, claimed);
      await refuseThrottled(ctx, keys, what);
      // The wait ended between the two statements: as good as over.
      fail("tooManySignInAttempts", { message: `Too many failed ${what}; try again in 1 s.`, value: 1, headers: { "Retry-After": "1" } });
    }
    claimed.push({ key: k.key, waitBegun: row.waits && row.blocked_ms !== null ? new Date(Number(row.blocked_ms)) : null });
  }
  return claimed;
}

/**
 * Takes back failures counted ahead of a slow check that then passed (see claimAttempt): one
 * failure less, and the wait it began ended (a claim goes through only when no wait runs),
 * unless a later failure has begun another since.
 */
export async function forgiveFailures(ctx: Ctx, claimed: readonly ClaimedAttempt[]): Promise<void> {
  for (const { key, waitBegun } of claimed) {
    await ctx.db.authThrottle.updateMany({ where: { key, failures: { gt: 0 } }, data: { failures: { decrement: 1 } } });
    if (waitBegun) await ctx.db.authThrottle.updateMany({ where: { key, blockedUntil: waitBegun }, data: { blockedUntil: null } });
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
