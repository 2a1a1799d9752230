// Request rate limits that hold across web instances: an application may make
// rateLimitPerSecond requests in each second (and a client address a fixed number of /t/ visits),
// counted in PostgreSQL (lib/core/throttle/rate-window.ts), so N instances together allow the
// limit, not N times it. Over it, the 429 envelope with Retry-After. Every answer carries
// X-RateLimit-Limit, -Remaining and -Reset (seconds until the next window), and the same as
// RateLimit-* (draft-ietf-httpapi-ratelimit-headers).
//
// No database round trip per request: an instance takes a lease of a tenth of the limit (1 to
// 1000 requests) at a time and serves it from memory, so an application costs one small upsert
// per second per instance it is active on, plus one per lease. Leases are granted from the
// shared count, never beyond it; what an instance leased and did not use in a window is lost
// (at most a tenth of the limit per instance). Remaining is as far as this instance knows.
//
// The limit itself is read from the database once per application and then refreshed in the
// background every SETTINGS_TTL_MS, so a change made in the dashboard applies at once on the
// instance that served it and within SETTINGS_TTL_MS on the others.
import type { Ctx } from "../core/context.ts";
import { DomainError } from "../core/errors.ts";
import { readRateLimit } from "../core/applications/read-rate-limit.ts";
import { countInWindow } from "../core/throttle/rate-window.ts";

const SETTINGS_TTL_MS = 30_000;
const MAX_KEYS = 50_000;

interface Lease {
  window: number;
  granted: number;
  used: number;
  /** The window's shared total after this instance's latest lease. */
  total: number;
  /** The shared count refused a lease: nothing more this window. */
  spent: boolean;
  pending?: Promise<void>;
}

interface Setting {
  /** Undefined until the first read has answered. */
  perSecond?: number;
  fetchedAt: number;
  refreshing?: Promise<number>;
}

const settings = new Map<string, Setting>();

/** One instance's leases (a process holds one, `limiter`; a test may hold two, as two instances). */
export class RateLimiter {
  private readonly leases = new Map<string, Lease>();

  /**
   * Takes one request from the application's limit, or throws the 429 envelope. Returns the
   * rate limit headers for the answer.
   */
  async takeRequest(ctx: Ctx, applicationId: string): Promise<Record<string, string>> {
    const perSecond = await limitOf(ctx, applicationId);
    return this.take(ctx, `app:${applicationId}`, perSecond, (retry) => `This application may make ${perSecond} requests per second; retry after ${retry} s.`);
  }

  /** The same for any key with a fixed limit per second (a client address on /t/). */
  takeFor(ctx: Ctx, key: string, perSecond: number): Promise<Record<string, string>> {
    return this.take(ctx, key, perSecond, (retry) => `At most ${perSecond} requests per second; retry after ${retry} s.`);
  }

  forget(key: string): void {
    this.leases.delete(key);
  }

  private async take(ctx: Ctx, key: string, limit: number, refusal: (retryAfter: number) => string): Promise<Record<string, string>> {
    for (;;) {
      const now = Date.now();
      const window = Math.floor(now / 1000);
      const known = this.leases.get(key);
      const l: Lease = known && known.window >= window ? known : { window, granted: 0, used: 0, total: 0, spent: false };
      if (l !== known) {
        if (!known && this.leases.size >= MAX_KEYS) this.forgetPastWindows(window);
        this.leases.set(key, l);
      }
      const reset = Math.max(1, Math.ceil(((l.window + 1) * 1000 - now) / 1000));
      if (l.used < l.granted) {
        l.used++;
        return headers(limit, remaining(l, limit), reset);
      }
      if (l.spent) throw new DomainError("rateLimited", { message: refusal(reset), headers: { "Retry-After": String(reset), ...headers(limit, 0, reset) } });
      l.pending ??= lease(ctx, key, l, limit).finally(() => {
        l.pending = undefined;
      });
      await l.pending;
    }
  }

  private forgetPastWindows(window: number) {
    for (const [key, l] of this.leases) if (l.window < window && !l.pending) this.leases.delete(key);
    if (this.leases.size >= MAX_KEYS) this.leases.clear();
  }
}

/** This process's limiter. */
export const limiter = new RateLimiter();

/** limiter.takeRequest: what withApi calls for every bearer request. */
export function takeRequest(ctx: Ctx, applicationId: string): Promise<Record<string, string>> {
  return limiter.takeRequest(ctx, applicationId);
}

async function lease(ctx: Ctx, key: string, l: Lease, limit: number): Promise<void> {
  const n = Math.min(1000, Math.max(1, Math.ceil(limit / 10)));
  const r = await countInWindow(ctx, key, l.window, n, limit);
  if (r.window > l.window) {
    // Another instance's clock is ahead: the requests were counted in its window, which this one joins.
    Object.assign(l, { window: r.window, granted: 0, used: 0 });
  }
  l.granted += r.granted;
  l.total = r.total;
  if (r.granted < n) l.spent = true;
}

function remaining(l: Lease, limit: number): number {
  return Math.max(0, limit - l.total) + (l.granted - l.used);
}

function headers(limit: number, remaining: number, reset: number): Record<string, string> {
  const out = { Limit: String(limit), Remaining: String(remaining), Reset: String(reset) };
  return Object.fromEntries(
    Object.entries(out).flatMap(([k, v]) => [
      [`X-RateLimit-${k}`, v],
      [`RateLimit-${k}`, v],
    ]),
  );
}

/** After a change of the application's limit in this process: read it again on the next request. */
export function forgetRateLimit(applicationId: string) {
  settings.delete(applicationId);
  limiter.forget(`app:${applicationId}`);
}

function limitOf(ctx: Ctx, applicationId: string): number | Promise<number> {
  const s = settings.get(applicationId);
  if (s?.perSecond === undefined) return s?.refreshing ?? load(ctx, applicationId);
  if (performance.now() - s.fetchedAt > SETTINGS_TTL_MS && !s.refreshing) load(ctx, applicationId).catch(() => {});
  return s.perSecond;
}

function load(ctx: Ctx, applicationId: string): Promise<number> {
  const setting = settings.get(applicationId) ?? { fetchedAt: -Infinity };
  settings.set(applicationId, setting);
  const refreshing = readRateLimit(ctx, applicationId).then(
    (perSecond) => {
      // Unless forgetRateLimit() dropped this read meanwhile (it may predate a change).
      if (settings.get(applicationId) === setting) settings.set(applicationId, { perSecond, fetchedAt: performance.now() });
      return perSecond;
    },
    (err: unknown) => {
      setting.refreshing = undefined;
      throw err;
    },
  );
  setting.refreshing = refreshing;
  return refreshing;
}
