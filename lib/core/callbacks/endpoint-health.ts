// Endpoint health (issue 20): per destination (scheme://authority/path) of one account, the
// deliveries, success rate and latency percentiles over the last hour and day, hourly counts for
// a sparkline, the last error, consecutive failures, whether it is paused and how many callbacks
// wait for it. Counted from the attempts of the callbacks created in the last two days (the
// retry schedule's horizon), through callbacks(account_id, created_at, id).
import type { Ctx } from "../context.ts";

interface StatRow {
  endpoint: string;
  span: string;
  attempts: number;
  ok: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

export interface EndpointHealth {
  endpoint: string;
  paused: boolean;
  pausedAt: Date | null;
  consecutiveFailures: number;
  failingSince: Date | null;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  lastStatus: number;
  lastError: string;
  waiting: number;
  lastHour: Window;
  lastDay: Window;
  /** Attempts per hour over the last 24 hours, oldest first: [ok, failed]. */
  hourly: Array<[number, number]>;
}

interface Window {
  attempts: number;
  successRate: number | null;
  latencyMs: { p50: number | null; p95: number | null; p99: number | null };
}

const empty = (): Window => ({ attempts: 0, successRate: null, latencyMs: { p50: null, p95: null, p99: null } });

export async function listEndpoints(ctx: Ctx, input: { accountId: string }): Promise<EndpointHealth[]> {
  const now = ctx.now();
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const [rows, stats, hourly, waiting] = await Promise.all([
    ctx.db.webhookEndpoint.findMany({ where: { accountId: input.accountId }, orderBy: { endpoint: "asc" } }),
    ctx.sql.query<StatRow>(
      `SELECT c.endpoint, w.span, count(*)::int AS attempts, count(*) FILTER (WHERE a.status_code BETWEEN 200 AND 299)::int AS ok,
              percentile_disc(0.5) WITHIN GROUP (ORDER BY a.latency_ms) AS p50,
              percentile_disc(0.95) WITHIN GROUP (ORDER BY a.latency_ms) AS p95,
              percentile_disc(0.99) WITHIN GROUP (ORDER BY a.latency_ms) AS p99
         FROM callbacks c JOIN callback_attempts a ON a.callback_id = c.id
         CROSS JOIN LATERAL (VALUES ('day'), ('hour')) w(span)
        WHERE c.account_id = $1::uuid AND c.created_at >= $2::timestamptz - interval '1 day' AND a.at >= $2::timestamptz
          AND (w.span = 'day' OR a.at >= $3::timestamptz)
        GROUP BY 1, 2`,
      [input.accountId, dayAgo.toISOString(), new Date(now.getTime() - 3_600_000).toISOString()],
    ),
    ctx.sql.query<{ endpoint: string; h: number; ok: number; failed: number }>(
      `SELECT c.endpoint, floor(extract(epoch FROM ($2::timestamptz - a.at)) / 3600)::int AS h,
              count(*) FILTER (WHERE a.status_code BETWEEN 200 AND 299)::int AS ok, count(*) FILTER (WHERE a.status_code NOT BETWEEN 200 AND 299)::int AS failed
         FROM callbacks c JOIN callback_attempts a ON a.callback_id = c.id
        WHERE c.account_id = $1::uuid AND c.created_at >= $2::timestamptz - interval '2 days' AND a.at > $2::timestamptz - interval '1 day'
        GROUP BY 1, 2`,
      [input.accountId, now.toISOString()],
    ),
    ctx.sql.query<{ endpoint: string; n: number }>("SELECT endpoint, count(*)::int AS n FROM callbacks WHERE account_id = $1::uuid AND state = 'paused' GROUP BY 1", [input.accountId]),
  ]);
  const windows = new Map<string, { hour: Window; day: Window }>();
  for (const s of stats.rows) {
    const w = windows.get(s.endpoint) ?? { hour: empty(), day: empty() };
    const n = Number(s.attempts);
    w[s.span === "hour" ? "hour" : "day"] = { attempts: n, successRate: n ? Number(s.ok) / n : null, latencyMs: { p50: num(s.p50), p95: num(s.p95), p99: num(s.p99) } };
    windows.set(s.endpoint, w);
  }
  const hours = new Map<string, Array<[number, number]>>();
  for (const h of hourly.rows) {
    const list = hours.get(h.endpoint) ?? Array.from({ length: 24 }, (): [number, number] => [0, 0]);
    const i = 23 - Math.min(23, Math.max(0, Number(h.h)));
    list[i] = [Number(h.ok), Number(h.failed)];
    hours.set(h.endpoint, list);
  }
  const waits = new Map(waiting.rows.map((w) => [w.endpoint, Number(w.n)]));
  return rows.map((r) => ({
    endpoint: r.endpoint,
    paused: r.pausedAt !== null,
    pausedAt: r.pausedAt,
    consecutiveFailures: r.consecutiveFailures,
    failingSince: r.failingSince,
    lastSuccessAt: r.lastSuccessAt,
    lastFailureAt: r.lastFailureAt,
    lastStatus: r.lastStatus,
    lastError: r.lastError,
    waiting: waits.get(r.endpoint) ?? 0,
    lastHour: windows.get(r.endpoint)?.hour ?? empty(),
    lastDay: windows.get(r.endpoint)?.day ?? empty(),
    hourly: hours.get(r.endpoint) ?? Array.from({ length: 24 }, (): [number, number] => [0, 0]),
  }));
}

const num = (v: number | null) => (v === null ? null : Number(v));

/** The account's paused endpoints (the dashboard's banner). */
export async function pausedEndpoints(ctx: Ctx, accountId: string) {
  return ctx.db.webhookEndpoint.findMany({ where: { accountId, pausedAt: { not: null } }, select: { endpoint: true, pausedAt: true }, orderBy: { endpoint: "asc" } });
}
