// Pace per endpoint (issue 20): at most C POSTs under way and R started per second to one
// destination of one account, so a campaign's thousands of delivery reports do not flood a
// customer's server. Held across worker processes, in PostgreSQL:
//  - C: a process leases slots of the endpoint (webhook_pace, one statement per lease) for the
//    callbacks it has waiting, runs that many at once, and gives back what it no longer needs
//    once its queue has been empty for a moment; so a steady stream costs a lease per burst, not
//    two statements per POST. A lease not renewed for LEASE_SECONDS (its process died) is taken
//    back by the next process short of slots.
//  - R: one-second windows counted in rate_limit_windows, as the API's limiter does
//    (throttle/rate-window.ts); a process takes a tenth of R at a time and, within it, spaces its
//    own starts 1/R apart, so it never bursts.
// A process holds one Pacer (`pacer`); a test may hold two, as two processes.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import { countInWindow } from "../throttle/rate-window.ts";

export interface PaceLimits {
  maxConcurrency: number;
  /** 0: no limit. */
  maxPerSecond: number;
}

const LEASE_SECONDS = 60;
const RENEW_MS = 15_000;
/** How long a lane keeps slots it does not use, in case more callbacks come. */
const IDLE_MS = 200;
/** How soon a lane that got no slot asks again. */
const RETRY_MS = 50;
const MAX_LANES = 4096;

const ACQUIRE = `WITH g AS (
  INSERT INTO webhook_pace AS p (account_id, endpoint, in_flight, last_grant) VALUES ($1::uuid, $2, LEAST($4::int, $5::int), LEAST($4::int, $5::int))
  ON CONFLICT (account_id, endpoint) DO UPDATE SET
    last_grant = GREATEST(0, LEAST($4::int, $5::int - p.in_flight)),
    in_flight = p.in_flight + GREATEST(0, LEAST($4::int, $5::int - p.in_flight))
  RETURNING last_grant
), h AS (
  INSERT INTO webhook_pace_holders AS h (account_id, endpoint, holder, slots, expires_at)
  SELECT $1::uuid, $2, $3, g.last_grant, now() + make_interval(secs => ${LEASE_SECONDS}) FROM g
  ON CONFLICT (account_id, endpoint, holder) DO UPDATE SET slots = h.slots + excluded.slots, expires_at = excluded.expires_at
)
SELECT last_grant FROM g`;

// Only what the holder's row still has: a lease taken back meanwhile was subtracted already.
const RELEASE = `WITH h AS (
  UPDATE webhook_pace_holders SET slots = slots - $4::int WHERE account_id = $1::uuid AND endpoint = $2 AND holder = $3 AND slots >= $4::int RETURNING 1
)
UPDATE webhook_pace p SET in_flight = GREATEST(0, p.in_flight - $4::int) FROM h WHERE p.account_id = $1::uuid AND p.endpoint = $2`;

const RECLAIM = `WITH dead AS (
  DELETE FROM webhook_pace_holders WHERE account_id = $1::uuid AND endpoint = $2 AND expires_at < now() RETURNING slots
)
UPDATE webhook_pace p SET in_flight = GREATEST(0, p.in_flight - (SELECT sum(slots) FROM dead)::int)
 WHERE p.account_id = $1::uuid AND p.endpoint = $2 AND EXISTS (SELECT 1 FROM dead)`;

const RENEW = `UPDATE webhook_pace_holders SET expires_at = now() + make_interval(secs => ${LEASE_SECONDS}) WHERE holder = $1 AND slots > 0`;

interface Lane {
  accountId: string;
  endpoint: string;
  limits: PaceLimits;
  /** Slots leased from the endpoint's shared count, and how many of them run now. */
  held: number;
  busy: number;
  waiting: Array<{ go: () => void; fail: (e: unknown) => void }>;
  acquiring: boolean;
  retry?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
  /** The rate's window (epoch second), starts granted in it and taken. */
  window: number;
  granted: number;
  used: number;
  spent: boolean;
  leasing?: Promise<void>;
  /** When this process may start the endpoint's next POST (ms of performance.now()). */
  nextStart: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Pacer {
  private readonly lanes = new Map<string, Lane>();
  private renewal?: NodeJS.Timeout;

  constructor(readonly holder: string = crypto.randomUUID()) {}

  /** Runs `task` within the endpoint's limits: one of its C slots first, then its turn at R per second. */
  async run<T>(ctx: Ctx, accountId: string, endpoint: string, limits: PaceLimits, task: () => Promise<T>): Promise<T> {
    const lane = this.laneOf(accountId, endpoint, limits);
    await new Promise<void>((go, fail) => {
      lane.waiting.push({ go, fail });
      this.pump(ctx, lane);
    });
    try {
      if (lane.limits.maxPerSecond > 0) await this.turn(ctx, lane);
      return await task();
    } finally {
      lane.busy--;
      this.pump(ctx, lane);
    }
  }

  private laneOf(accountId: string, endpoint: string, limits: PaceLimits): Lane {
    const key = `${accountId} ${endpoint}`;
    let lane = this.lanes.get(key);
    if (!lane) {
      if (this.lanes.size >= MAX_LANES) for (const [k, l] of this.lanes) if (!l.held && !l.busy && !l.waiting.length) this.lanes.delete(k);
      lane = { accountId, endpoint, limits, held: 0, busy: 0, waiting: [], acquiring: false, window: 0, granted: 0, used: 0, spent: false, nextStart: 0 };
      this.lanes.set(key, lane);
    }
    lane.limits = { maxConcurrency: Math.max(1, limits.maxConcurrency), maxPerSecond: Math.max(0, limits.maxPerSecond) };
    return lane;
  }

  /** Starts what the lane's slots allow, leases more for the rest, gives back what is idle. */
  private pump(ctx: Ctx, lane: Lane): void {
    while (lane.waiting.length && lane.busy < Math.min(lane.held, lane.limits.maxConcurrency)) {
      lane.busy++;
      lane.waiting.shift()!.go();
    }
    clearTimeout(lane.idle);
    lane.idle = undefined;
    if (lane.waiting.length) {
      const want = Math.min(lane.waiting.length, lane.limits.maxConcurrency - lane.held);
      if (want > 0 && !lane.acquiring && !lane.retry) void this.acquire(ctx, lane, want);
    } else if (lane.held > lane.busy) {
      lane.idle = setTimeout(() => void this.release(ctx, lane), IDLE_MS);
      lane.idle.unref?.();
    }
  }

  private async acquire(ctx: Ctx, lane: Lane, want: number): Promise<void> {
    lane.acquiring = true;
    try {
      const key = [lane.accountId, lane.endpoint, this.holder];
      let got = Number((await ctx.sql.query<{ last_grant: number }>(ACQUIRE, [...key, want, lane.limits.maxConcurrency])).rows[0]?.last_grant ?? 0);
      if (!got) {
        // Every slot is held: some may be a dead process's.
        await ctx.sql.query(RECLAIM, key.slice(0, 2));
        got = Number((await ctx.sql.query<{ last_grant: number }>(ACQUIRE, [...key, want, lane.limits.maxConcurrency])).rows[0]?.last_grant ?? 0);
      }
      lane.held += got;
      if (got) this.keepRenewing(ctx);
      else {
        // Other processes hold every slot: ask again shortly.
        lane.retry = setTimeout(() => {
          lane.retry = undefined;
          this.pump(ctx, lane);
        }, RETRY_MS);
      }
    } catch (e) {
      // The database did not answer: the waiting POSTs fail (their jobs are retried), none goes unpaced.
      for (const w of lane.waiting.splice(0)) w.fail(e);
    } finally {
      lane.acquiring = false;
    }
    this.pump(ctx, lane);
  }

  private async release(ctx: Ctx, lane: Lane): Promise<void> {
    lane.idle = undefined;
    const spare = lane.held - lane.busy;
    if (spare <= 0 || lane.waiting.length) return;
    lane.held -= spare;
    await ctx.sql.query(RELEASE, [lane.accountId, lane.endpoint, this.holder, spare]).catch(() => {
      // Not given back: the lease expires and the next process short of slots takes it back.
    });
  }

  /** Renews this process's leases while it holds any, so a long POST does not lose its slot. */
  private keepRenewing(ctx: Ctx): void {
    if (this.renewal) return;
    this.renewal = setInterval(() => {
      if (![...this.lanes.values()].some((l) => l.held > 0)) {
        clearInterval(this.renewal);
        this.renewal = undefined;
        return;
      }
      void ctx.sql.query(RENEW, [this.holder]).catch(() => {});
    }, RENEW_MS);
    this.renewal.unref?.();
  }

  /** Waits for the POST's turn: its own moment 1/R after this process's previous one, then a start granted in the window it falls in. */
  private async turn(ctx: Ctx, lane: Lane): Promise<void> {
    const r = lane.limits.maxPerSecond;
    // Each POST reserves its moment, so many waiting POSTs wake once each, in order (polling for
    // the next free moment let one through per timer tick: about 1,000 a second at most).
    const at = Math.max(performance.now(), lane.nextStart);
    lane.nextStart = at + 1000 / r;
    const wait = at - performance.now();
    if (wait >= 1) await sleep(wait);
    // The start is counted in the window it happens in.
    for (;;) {
      const now = Date.now();
      const window = Math.floor(now / 1000);
      if (window > lane.window) Object.assign(lane, { window, granted: 0, used: 0, spent: false });
      if (lane.used < lane.granted) {
        lane.used++;
        return;
      }
      if (lane.spent) await sleep((lane.window + 1) * 1000 - now);
      else {
        lane.leasing ??= this.leaseStarts(ctx, lane, r).finally(() => {
          lane.leasing = undefined;
        });
        await lane.leasing;
      }
    }
  }

  private async leaseStarts(ctx: Ctx, lane: Lane, r: number): Promise<void> {
    const n = Math.min(1000, Math.max(1, Math.ceil(r / 10)));
    const window = lane.window;
    const got = await countInWindow(ctx, `pace:${lane.accountId} ${lane.endpoint}`, window, n, r);
    // Another process's clock is ahead: its window is the one counted.
    if (got.window > lane.window) Object.assign(lane, { window: got.window, granted: 0, used: 0, spent: false });
    lane.granted += got.granted;
    if (got.granted < n) lane.spent = true;
  }
}

/** This process's pacer. */
export const pacer = new Pacer();
