// Routee's latency report: how long parts took from the message's creation to their delivery
// receipt, as 46 counts — entries 0–44 for 1 to 45 seconds (a latency in (n-1, n] s counts at
// n; under a second counts as 1 s), entry 45 for more than 45 s. Parts without a receipt yet
// (no done_at) are not counted.
import type { Ctx } from "../context.ts";
import { campaignSpan, reportConditions, type ReportFilter } from "./report-filter.ts";
import { timeGroupingFor } from "./time-grouping.ts";

export const LATENCY_BUCKETS = 46;

/** A latency's bucket (0–44 for 1–45 s, 45 beyond), as SQL over seconds `s`. */
export const latencyBucketSql = (s: string) => `CASE WHEN ${s} > 45 THEN 45 ELSE greatest(ceil(${s}), 1)::int - 1 END`;

export async function latencyReport(ctx: Ctx, filter: ReportFilter): Promise<{ smsLatencyCount: number[] }> {
  if (filter.start && filter.end) timeGroupingFor(filter.start, filter.end); // refuses reversed or > 5 years
  const { where, values } = reportConditions(filter);
  const { rows } = await ctx.sql.query<{ bucket: number; n: string | number }>(
    `SELECT ${latencyBucketSql("s")} AS bucket, count(*) AS n
       FROM (SELECT extract(epoch FROM (p.done_at - m.created_at)) AS s
               FROM message_parts p JOIN messages m ON m.id = p.message_id
              WHERE ${where} AND m.direction = 'Outbound' AND p.done_at IS NOT NULL) latencies
      GROUP BY 1`,
    values,
  );
  const smsLatencyCount = new Array<number>(LATENCY_BUCKETS).fill(0);
  for (const r of rows) smsLatencyCount[Number(r.bucket)] += Number(r.n);
  return { smsLatencyCount };
}

export async function latencyPerCampaign(ctx: Ctx, input: { accountId: string; campaignId: string }) {
  await campaignSpan(ctx, input.accountId, input.campaignId);
  return latencyReport(ctx, { accountId: input.accountId, campaignId: input.campaignId });
}
