// The reporting home's hourly rollup. An hour's outbound parts of every account are counted by
// country, network and final status, priced, and their delivery latencies bucketed, into
// report_hours and report_hour_latency; their price and cost are summed per connector and
// country into report_hour_connectors (administrators' margins, connector-margins.ts);
// report_rollups records when each hour was computed.
// Statuses keep changing for as long as a message can live (its ttl, at most 72 hours), so a
// job recomputes recent hours on a schedule that loosens with age, and fills in older hours
// that were never computed (a new installation, or history written by the seed script):
//
//   hour ended ≤ 3 h ago      every minute
//   ≤ 24 h ago                every 10 minutes
//   ≤ 74 h ago                every hour
//   older                     once
//
// Readers (reportOverview) take complete hours from the rollup and compute the rest live: the
// current hour, partial hours at the edges of a period, and hours not rolled up yet. So a
// report is never missing data, and a late receipt shows within minutes.
import type { Ctx } from "../context.ts";
import { defineCronJob } from "../../jobs/job-shorthands.ts";
import { latencyBucketSql } from "./latency.ts";
import { statusCountsSql } from "./status-counts-sql.ts";
import { txSql } from "../../db/tx-sql.ts";
import { billedSql, NO_CONNECTOR_ID } from "./billed-parts.ts";

export const HOUR_MS = 3_600_000;

export const floorHour = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;

/** How long a computed hour stays fresh enough, by how long ago it ended. */
export function refreshAfterMs(hourEnd: number, now: number): number {
  const age = now - hourEnd;
  if (age <= 3 * HOUR_MS) return 60_000;
  if (age <= 24 * HOUR_MS) return 10 * 60_000;
  if (age <= 74 * HOUR_MS) return HOUR_MS;
  return Infinity;
}

/**
 * Recomputes one hour for every account, in one transaction (readers see the old or the new).
 * The hour's parts are found account by account through (account_id, created_at).
 */
export async function rollUpHour(ctx: Ctx, hour: Date): Promise<void> {
  const start = hour;
  const end = new Date(hour.getTime() + HOUR_MS);
  // Through Prisma's transaction: on the embedded database it also holds other statements off.
  await ctx.db.$transaction(
    async (tx) => {
      const sql = txSql(tx);
      await sql.query(`DELETE FROM report_hours WHERE hour = $1`, [start]);
      await sql.query(`DELETE FROM report_hour_latency WHERE hour = $1`, [start]);
      await sql.query(`DELETE FROM report_hour_connectors WHERE hour = $1`, [start]);
      // One grouped scan of the hour's parts, by network and connector: report_hours adds up its
      // groups over the connectors, report_hour_connectors over the networks.
      await sql.query(
        `WITH g AS (
           SELECT p.account_id, m.country, m.mcc, m.mnc, m.operator, p.connector_id, count(*) AS parts,
                  ${statusCountsSql(["Delivered", "Undelivered", "Failed", "Unsent"])}, coalesce(sum(p.price_micros), 0) AS price,
                  count(*) FILTER (WHERE ${billedSql}) AS billed,
                  coalesce(sum(p.price_micros) FILTER (WHERE ${billedSql}), 0) AS billed_price,
                  coalesce(sum(p.cost_micros) FILTER (WHERE ${billedSql}), 0) AS cost
             FROM accounts a
             JOIN message_parts p ON p.account_id = a.id AND p.created_at >= $1 AND p.created_at < $2
             JOIN messages m ON m.id = p.message_id
            WHERE m.direction = 'Outbound'
            GROUP BY p.account_id, m.country, m.mcc, m.mnc, m.operator, p.connector_id
         ), networks AS (
           INSERT INTO report_hours (account_id, hour, country, mcc, mnc, operator, parts, delivered, undelivered, failed, unsent, price_micros)
           SELECT account_id, $1, country, mcc, mnc, operator, sum(parts), sum(delivered), sum(undelivered), sum(failed), sum(unsent), sum(price)
             FROM g GROUP BY account_id, country, mcc, mnc, operator
         )
         INSERT INTO report_hour_connectors (hour, account_id, connector_id, country, parts, billed, price_micros, cost_micros)
         SELECT $1, account_id, coalesce(connector_id, '${NO_CONNECTOR_ID}'), country, sum(parts), sum(billed), sum(billed_price), sum(cost)
           FROM g GROUP BY account_id, coalesce(connector_id, '${NO_CONNECTOR_ID}'), country`,
        [start, end],
      );
      await sql.query(
        `INSERT INTO report_hour_latency (account_id, hour, bucket, parts)
         SELECT p.account_id, $1, ${latencyBucketSql("extract(epoch FROM (p.done_at - m.created_at))")}, count(*)
           FROM accounts a
           JOIN message_parts p ON p.account_id = a.id AND p.created_at >= $1 AND p.created_at < $2
           JOIN messages m ON m.id = p.message_id
          WHERE m.direction = 'Outbound' AND p.done_at IS NOT NULL
          GROUP BY 1, 3`,
        [start, end],
      );
      await sql.query(`INSERT INTO report_rollups (hour, computed_at) VALUES ($1, $2) ON CONFLICT (hour) DO UPDATE SET computed_at = EXCLUDED.computed_at`, [start, ctx.now()]);
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/** How far back never-computed hours are filled in. */
export const BACKFILL_DAYS = 400;

/**
 * Recomputes the hours that are due, newest first, until `budgetMs` is spent. Answers how many
 * hours it computed and how many due ones it left for the next run.
 */
export async function rollUpDue(ctx: Ctx, budgetMs = 20_000): Promise<{ computed: number; left: number }> {
  const startedAt = Date.now();
  const now = ctx.now().getTime();
  const current = floorHour(now);
  const oldest = current - BACKFILL_DAYS * 24 * HOUR_MS;
  // The oldest part decides how far back there is anything to fill in (each account's oldest
  // from its (account_id, created_at) index: no scan of the table).
  const first = await ctx.sql.query<{ t: Date | string | null }>(`SELECT min(t) AS t FROM (SELECT (SELECT min(created_at) FROM message_parts p WHERE p.account_id = a.id) AS t FROM accounts a) f`);
  const firstPart = first.rows[0]?.t ? floorHour(new Date(first.rows[0].t).getTime()) : current;
  const from = Math.max(oldest, firstPart);
  const { rows } = await ctx.sql.query<{ hour: Date | string; computed_at: Date | string }>(`SELECT hour, computed_at FROM report_rollups WHERE hour >= $1`, [new Date(from)]);
  const computedAt = new Map(rows.map((r) => [new Date(r.hour).getTime(), new Date(r.computed_at).getTime()]));
  const due: number[] = [];
  for (let h = current - HOUR_MS; h >= from; h -= HOUR_MS) {
    const at = computedAt.get(h);
    // Fresh enough if computed after the hour ended and within its refresh interval.
    if (at !== undefined && at >= h + HOUR_MS && now - at < refreshAfterMs(h + HOUR_MS, now)) continue;
    due.push(h);
  }
  let computed = 0;
  for (const h of due) {
    if (Date.now() - startedAt > budgetMs) break;
    await rollUpHour(ctx, new Date(h));
    computed++;
  }
  return { computed, left: due.length - computed };
}

/** Forgets the rollup of a span (history written after the fact): those hours are computed again. */
export async function forgetRollups(sql: Pick<Ctx["sql"], "query">, from: Date, to: Date): Promise<void> {
  await sql.query(`DELETE FROM report_rollups WHERE hour >= $1 AND hour <= $2`, [new Date(floorHour(from.getTime())), to]);
}

export const reportRollupJob = defineCronJob("reports.rollup", "* * * * *", { retryLimit: 1, expireInSeconds: 120 }, (ctx) => rollUpDue(ctx, 30_000));
