// The dashboard's reporting home: an account's outbound SMS parts in a period counted by status
// and priced, as totals, a series over time and per country and operator, with latency
// percentiles. The same rows as Routee's volPrice report (reportConditions: parts created in the
// window, account on both tables, so the planner starts from message_parts (account_id,
// created_at)); one GROUP BY over the window gives the series and the network breakdown, and
// the latency comes from latencyReport's histogram. Both run at once.
import type { Ctx } from "../context.ts";
import { fromMicros } from "../../money.ts";
import { timeGroupingFor } from "./time-grouping.ts";
import { LATENCY_BUCKETS, latencyBucketSql } from "./latency.ts";
import { statusCountsSql } from "./status-counts-sql.ts";
import { rollupCoverage } from "./rollup-coverage.ts";

export interface OverviewCounts {
  /** Every outbound part created in the period. */
  total: number;
  delivered: number;
  undelivered: number;
  failed: number;
  unsent: number;
  /** Queued or Sent: no final status yet. */
  pending: number;
  cost: number;
}

export interface OverviewPoint extends Omit<OverviewCounts, "total" | "cost"> {
  /** Start of the bucket, ISO. */
  at: string;
}

export interface OverviewBreakdown {
  country: string;
  /** "" for the per-country rows. */
  operator: string;
  mcc: string;
  mnc: string;
  total: number;
  delivered: number;
  /** Parts with a final status; the delivery rate is delivered / final. */
  final: number;
  /** delivered / final, or null while nothing is final. */
  deliveryRate: number | null;
  cost: number;
}

export interface OverviewLatency {
  /** Parts with a delivery receipt. */
  measured: number;
  /** Seconds (1 to 45); 46 means "over 45 s"; null without any receipt. */
  p50: number | null;
  p90: number | null;
  p99: number | null;
  histogram: number[];
}

export interface Overview {
  from: string;
  to: string;
  bucketSeconds: number;
  totals: OverviewCounts & { deliveryRate: number | null };
  series: OverviewPoint[];
  countries: OverviewBreakdown[];
  operators: OverviewBreakdown[];
  latency: OverviewLatency;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** About 24 to 60 buckets whatever the span, on boundaries a person reads easily. */
export function bucketSecondsFor(spanMs: number): number {
  const span = spanMs / 1000;
  if (span <= 2.5 * DAY) return HOUR;
  if (span <= 10 * DAY) return 6 * HOUR;
  if (span <= 62 * DAY) return DAY;
  if (span <= 400 * DAY) return 7 * DAY;
  return 30 * DAY;
}

/** The smallest latency bucket (seconds) holding at least `share` of the parts. */
export function latencyPercentile(histogram: number[], share: number): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const target = Math.ceil(total * share);
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i]!;
    if (seen >= target) return i + 1;
  }
  return histogram.length;
}

type Row = {
  bucket: Date | string;
  country: string;
  operator: string;
  mcc: string;
  mnc: string;
  n: string | number;
  delivered: string | number;
  undelivered: string | number;
  failed: string | number;
  unsent: string | number;
  price: string | number | bigint;
};

export interface OverviewInput {
  accountId: string;
  from: Date;
  to: Date;
  /** The viewer's UTC offset in minutes, so day buckets start at their midnight. */
  offsetMinutes?: number;
  /** How many countries and operators to keep (largest volume first). */
  top?: number;
}

export async function reportOverview(ctx: Ctx, input: OverviewInput): Promise<Overview> {
  timeGroupingFor(input.from, input.to); // refuses a reversed span or one over five years
  const bucketSeconds = bucketSecondsFor(input.to.getTime() - input.from.getTime());
  const offsetMs = (input.offsetMinutes ?? 0) * 60_000;
  // Buckets line up on the viewer's midnights: origin 2001-01-01 00:00 in their offset.
  const origin = new Date(Date.UTC(2001, 0, 1) - offsetMs);
  const step = bucketSeconds * 1000;
  const bucketOf = (t: number) => Math.floor((t - origin.getTime()) / step) * step + origin.getTime();
  const { rows, histogram } = await overviewRows(ctx, input.accountId, input.from, input.to, step, origin);
  const zero = (): Omit<OverviewCounts, "cost"> & { price: bigint } => ({ total: 0, delivered: 0, undelivered: 0, failed: 0, unsent: 0, pending: 0, price: 0n });
  const totals = zero();
  const buckets = new Map<number, ReturnType<typeof zero>>();
  const countries = new Map<string, ReturnType<typeof zero> & { country: string; operator: string; mcc: string; mnc: string }>();
  const operators = new Map<string, ReturnType<typeof zero> & { country: string; operator: string; mcc: string; mnc: string }>();
  const add = (into: ReturnType<typeof zero>, r: Row) => {
    const n = Number(r.n);
    const c = { delivered: Number(r.delivered), undelivered: Number(r.undelivered), failed: Number(r.failed), unsent: Number(r.unsent) };
    into.total += n;
    into.delivered += c.delivered;
    into.undelivered += c.undelivered;
    into.failed += c.failed;
    into.unsent += c.unsent;
    into.pending += n - c.delivered - c.undelivered - c.failed - c.unsent;
    into.price += BigInt(r.price);
  };
  for (const r of rows) {
    add(totals, r);
    const t = bucketOf(new Date(r.bucket).getTime());
    if (!buckets.has(t)) buckets.set(t, zero());
    add(buckets.get(t)!, r);
    const ck = r.country;
    if (!countries.has(ck)) countries.set(ck, { ...zero(), country: r.country, operator: "", mcc: r.mcc, mnc: "" });
    add(countries.get(ck)!, r);
    const ok = `${r.mcc}/${r.mnc}/${r.operator}`;
    if (!operators.has(ok)) operators.set(ok, { ...zero(), country: r.country, operator: r.operator, mcc: r.mcc, mnc: r.mnc });
    add(operators.get(ok)!, r);
  }

  // Every bucket of the period, empty ones included, so the chart's time axis is even.
  const first = bucketOf(input.from.getTime());
  const series: OverviewPoint[] = [];
  for (let t = first; t <= input.to.getTime(); t += step) {
    const b = buckets.get(t) ?? zero();
    series.push({ at: new Date(t).toISOString(), delivered: b.delivered, undelivered: b.undelivered, failed: b.failed, unsent: b.unsent, pending: b.pending });
  }

  const rate = (delivered: number, final: number) => (final > 0 ? delivered / final : null);
  const breakdown = (m: typeof countries): OverviewBreakdown[] =>
    [...m.values()]
      .sort((a, b) => b.total - a.total || a.country.localeCompare(b.country) || a.operator.localeCompare(b.operator))
      .slice(0, input.top ?? 8)
      .map((x) => {
        const final = x.total - x.pending;
        return { country: x.country, operator: x.operator, mcc: x.mcc, mnc: x.mnc, total: x.total, delivered: x.delivered, final, deliveryRate: rate(x.delivered, final), cost: fromMicros(x.price) };
      });

  return {
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    bucketSeconds,
    totals: {
      total: totals.total,
      delivered: totals.delivered,
      undelivered: totals.undelivered,
      failed: totals.failed,
      unsent: totals.unsent,
      pending: totals.pending,
      cost: fromMicros(totals.price),
      deliveryRate: rate(totals.delivered, totals.total - totals.pending),
    },
    series,
    countries: breakdown(countries),
    operators: breakdown(operators),
    latency: {
      measured: histogram.reduce((a, b) => a + b, 0),
      p50: latencyPercentile(histogram, 0.5),
      p90: latencyPercentile(histogram, 0.9),
      p99: latencyPercentile(histogram, 0.99),
      histogram,
    },
  };
}

/**
 * The period's rows at the finest grain available: complete hours from the hourly rollup where
 * it has them (report-rollup.ts), everything else — the partial hours at the period's edges, the
 * current hour, hours not rolled up yet — counted live from the parts, in buckets of `step`.
 * Each row's bucket is the start of its hour or live bucket; the caller maps it to its own.
 */
async function overviewRows(ctx: Ctx, accountId: string, from: Date, to: Date, step: number, origin: Date): Promise<{ rows: Row[]; histogram: number[] }> {
  const { rolled: rolledHours, live } = await rollupCoverage(ctx, from, to);
  const histogram = new Array<number>(LATENCY_BUCKETS).fill(0);
  const rows: Row[] = [];
  await Promise.all([
    rolledHours.length
      ? ctx.sql
          .query<Row>(
            `SELECT date_bin(make_interval(secs => $3::int), hour, $4::timestamptz) AS bucket, country, operator, mcc, mnc,
                    sum(parts) AS n, sum(delivered) AS delivered, sum(undelivered) AS undelivered, sum(failed) AS failed,
                    sum(unsent) AS unsent, sum(price_micros) AS price
               FROM report_hours WHERE account_id = $1 AND hour = ANY($2::timestamptz[])
              GROUP BY 1, 2, 3, 4, 5`,
            [accountId, rolledHours, step / 1000, origin],
          )
          .then((r) => rows.push(...r.rows))
      : null,
    rolledHours.length
      ? ctx.sql
          .query<{ bucket: number; n: string | number }>(`SELECT bucket, sum(parts) AS n FROM report_hour_latency WHERE account_id = $1 AND hour = ANY($2::timestamptz[]) GROUP BY bucket`, [
            accountId,
            rolledHours,
          ])
          .then((r) => {
            for (const x of r.rows) histogram[Number(x.bucket)] += Number(x.n);
          })
      : null,
    ...live.map(async (range) => {
      const values: unknown[] = [accountId, range.from, range.to];
      const where = `p.account_id = $1 AND m.account_id = $1 AND p.created_at >= $2 AND p.created_at ${range.endInclusive ? "<=" : "<"} $3 AND m.direction = 'Outbound'`;
      const [counted, latency] = await Promise.all([
        ctx.sql.query<Row>(
          `SELECT date_bin(make_interval(secs => $4::int), p.created_at, $5::timestamptz) AS bucket,
                  m.country, m.operator, m.mcc, m.mnc,
                  count(*) AS n, ${statusCountsSql(["Delivered", "Undelivered", "Failed", "Unsent"])},
                  coalesce(sum(p.price_micros), 0) AS price
             FROM message_parts p JOIN messages m ON m.id = p.message_id
            WHERE ${where}
            GROUP BY 1, 2, 3, 4, 5`,
          [...values, step / 1000, origin],
        ),
        ctx.sql.query<{ bucket: number; n: string | number }>(
          `SELECT ${latencyBucketSql("extract(epoch FROM (p.done_at - m.created_at))")} AS bucket, count(*) AS n
             FROM message_parts p JOIN messages m ON m.id = p.message_id
            WHERE ${where} AND p.done_at IS NOT NULL
            GROUP BY 1`,
          values,
        ),
      ]);
      rows.push(...counted.rows);
      for (const x of latency.rows) histogram[Number(x.bucket)] += Number(x.n);
    }),
  ]);
  return { rows, histogram };
}
