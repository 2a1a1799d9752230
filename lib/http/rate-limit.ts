// Per-application request rate limit: a token bucket per application in this process's memory.
// An application may make rateLimitPerSecond requests per second on average and bursts of up to
// twice that; over it, requests get the 429 envelope with Retry-After. Every bearer answer
// carries RateLimit-Limit (the burst), RateLimit-Remaining and RateLimit-Reset (seconds until
// the bucket is full again), after draft-ietf-httpapi-ratelimit-headers.
//
// In memory, so no database round trip per request: with N web instances behind a load balancer
// an application gets up to N times its limit in total. The limit itself is read from the
// database once per application and then refreshed in the background every SETTINGS_TTL_MS, so
// a change made in the dashboard applies at once on the instance that served it and within
// SETTINGS_TTL_MS on the others.
import type { Ctx } from "../core/context.ts";
import { DomainError } from "../core/errors.ts";
import { readRateLimit } from "../core/applications/read-rate-limit.ts";

const SETTINGS_TTL_MS = 30_000;
const MAX_BUCKETS = 50_000;

interface Bucket {
  tokens: number;
  at: number;
}

interface Setting {
  /** Undefined until the first read has answered. */
  perSecond?: number;
  fetchedAt: number;
  refreshing?: Promise<number>;
}

const buckets = new Map<string, Bucket>();
const settings = new Map<string, Setting>();

/**
 * Takes one request from the application's bucket, or throws the 429 envelope. Returns the
 * RateLimit-* headers for the answer.
 */
export async function takeRequest(ctx: Ctx, applicationId: string): Promise<Record<string, string>> {
  const perSecond = await limitOf(ctx, applicationId);
  const capacity = perSecond * 2;
  const now = performance.now();
  let b = buckets.get(applicationId);
  if (!b) {
    if (buckets.size >= MAX_BUCKETS) forgetIdleBuckets(now);
    buckets.set(applicationId, (b = { tokens: capacity, at: now }));
  } else {
    b.tokens = Math.min(capacity, b.tokens + ((now - b.at) * perSecond) / 1000);
    b.at = now;
  }
  if (b.tokens < 1) {
    const retryAfter = Math.max(1, Math.ceil((1 - b.tokens) / perSecond));
    throw new DomainError("rateLimited", {
      message: `This application may make ${perSecond} requests per second (bursts of ${capacity}); retry after ${retryAfter} s.`,
      headers: { "Retry-After": String(retryAfter), ...headers(capacity, b.tokens, perSecond) },
    });
  }
  b.tokens -= 1;
  return headers(capacity, b.tokens, perSecond);
}

function headers(capacity: number, tokens: number, perSecond: number): Record<string, string> {
  return {
    "RateLimit-Limit": String(capacity),
    "RateLimit-Remaining": String(Math.floor(tokens)),
    "RateLimit-Reset": String(Math.ceil((capacity - tokens) / perSecond)),
  };
}

/** After a change of the application's limit in this process: read it again on the next request. */
export function forgetRateLimit(applicationId: string) {
  settings.delete(applicationId);
  buckets.delete(applicationId);
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

function forgetIdleBuckets(now: number) {
  for (const [id, b] of buckets) {
    const perSecond = settings.get(id)?.perSecond ?? 1;
    if (b.tokens + ((now - b.at) * perSecond) / 1000 >= perSecond * 2) buckets.delete(id);
  }
  if (buckets.size >= MAX_BUCKETS) buckets.clear();
}
