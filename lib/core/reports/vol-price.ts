// Routee's volume and price report: parts of an account's messages counted by status and priced,
// per time bucket (Hour/Day/Month/Year by the span) and per country, operator and network (and
// campaign for perCampaign). One GROUP BY over message_parts joined to messages.
import type { Ctx } from "../context.ts";
import { fromMicros } from "../../money.ts";
import { campaignSpan, reportConditions, type ReportFilter } from "./report-filter.ts";
import { offsetSuffix, timeGroupingFor, type TimeGrouping } from "./time-grouping.ts";
import { statusCountsSql } from "./status-counts-sql.ts";

export interface VolPriceItem {
  country: string;
  operator: string;
  mcc: string;
  mnc: string;
  startDateTime: string;
  timeGrouping: TimeGrouping;
  smsCampaignId: string;
  count: number;
  deliveredCount: number;
  failedCount: number;
  unsentCount: number;
  queuedCount: number;
  sentCount: number;
  undeliveredCount: number;
  price: number;
}

type Row = {
  bucket: string;
  country: string;
  operator: string;
  mcc: string;
  mnc: string;
  campaign: string;
  n: string | number;
  delivered: string | number;
  failed: string | number;
  unsent: string | number;
  queued: string | number;
  sent: string | number;
  undelivered: string | number;
  price: string | number;
};

async function runVolPrice(ctx: Ctx, filter: ReportFilter, grouping: TimeGrouping, offset: number): Promise<VolPriceItem[]> {
  const { where, values } = reportConditions(filter);
  const unit = `$${values.push(grouping.toLowerCase())}`;
  const shift = `$${values.push(offset)}`;
  const { rows } = await ctx.sql.query<Row>(
    `SELECT to_char(date_trunc(${unit}, (p.created_at AT TIME ZONE 'UTC') + make_interval(mins => ${shift}::int)), 'YYYY-MM-DD"T"HH24:MI:SS') AS bucket,
            m.country, m.operator, m.mcc, m.mnc, coalesce(m.campaign_id::text, '') AS campaign,
            count(*) AS n, ${statusCountsSql(["Delivered", "Failed", "Unsent", "Queued", "Sent", "Undelivered"])},
            coalesce(sum(p.price_micros), 0) AS price
       FROM message_parts p JOIN messages m ON m.id = p.message_id
      WHERE ${where} AND m.direction = 'Outbound'
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2, 3, 4, 5, 6`,
    values,
  );
  const suffix = offsetSuffix(offset);
  return rows.map((r) => ({
    country: r.country,
    operator: r.operator,
    mcc: r.mcc,
    mnc: r.mnc,
    startDateTime: `${r.bucket}${suffix}`,
    timeGrouping: grouping,
    smsCampaignId: r.campaign,
    count: Number(r.n),
    deliveredCount: Number(r.delivered),
    failedCount: Number(r.failed),
    unsentCount: Number(r.unsent),
    queuedCount: Number(r.queued),
    sentCount: Number(r.sent),
    undeliveredCount: Number(r.undelivered),
    price: fromMicros(BigInt(r.price)),
  }));
}

export async function volPrice(ctx: Ctx, input: { accountId: string; start: Date; end: Date; mcc?: string; mnc?: string }): Promise<VolPriceItem[]> {
  const grouping = timeGroupingFor(input.start, input.end);
  return runVolPrice(ctx, input, grouping, 0);
}

/** A campaign's report: its span runs from its first SMS to its last, bucketed in the client's offset. */
export async function volPricePerCampaign(ctx: Ctx, input: { accountId: string; campaignId: string; offsetMinutes: number }): Promise<VolPriceItem[]> {
  const span = await campaignSpan(ctx, input.accountId, input.campaignId);
  if (!span.first || !span.last) return [];
  const grouping = timeGroupingFor(span.first, span.last);
  return runVolPrice(ctx, { accountId: input.accountId, campaignId: input.campaignId }, grouping, input.offsetMinutes);
}
