// The dashboard's campaign list: the account's campaigns newest first, filtered by state and
// name, each with its live counts (one grouped query for the whole page, not one per campaign).
// Unnamed campaigns (sent through the API without campaignName) are left out unless asked for:
// the spec keeps them off the web platform.
import type { Ctx } from "../context.ts";
import type { Campaign } from "../../db/generated/client.ts";
import { smsStatuses } from "../sms/statuses.ts";
import type { CampaignCounts } from "./campaign-counts.ts";

export interface ListCampaignsInput {
  page: number;
  size: number;
  /** Only campaigns in one of these states. */
  states?: readonly string[];
  /** Part of the name, in any letter case. */
  name?: string;
  includeUnnamed?: boolean;
}

export interface ListedCampaign {
  campaign: Campaign;
  counts: CampaignCounts;
}

export async function listCampaigns(ctx: Ctx, accountId: string, input: ListCampaignsInput): Promise<{ total: number; rows: ListedCampaign[] }> {
  const name = input.name?.trim();
  const where = {
    accountId,
    ...(input.states?.length ? { state: { in: [...input.states] } } : {}),
    ...(name ? { name: { contains: name, mode: "insensitive" as const } } : input.includeUnnamed ? {} : { name: { not: "" } }),
  };
  const [total, campaigns] = await Promise.all([
    ctx.db.campaign.count({ where }),
    ctx.db.campaign.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: input.page * input.size, take: input.size }),
  ]);
  const counts = await countsOf(ctx, campaigns);
  return { total, rows: campaigns.map((campaign) => ({ campaign, counts: counts.get(campaign.id)! })) };
}

/** campaignCounts() for many campaigns at once, with the same rules. */
export async function countsOf(ctx: Ctx, campaigns: readonly Campaign[]): Promise<Map<string, CampaignCounts>> {
  const started = campaigns.filter((c) => c.state !== "Scheduled").map((c) => c.id);
  const { rows } = started.length
    ? await ctx.sql.query<{ campaign_id: string; status: string; n: number; refunded: string | null }>(
        `SELECT campaign_id::text, status, count(*)::int AS n,
                sum(CASE WHEN status IN ('Failed', 'Unsent') THEN price_micros ELSE 0 END)::text AS refunded
         FROM messages WHERE campaign_id = ANY($1::uuid[]) GROUP BY campaign_id, status`,
        [started],
      )
    : { rows: [] };
  const out = new Map<string, CampaignCounts>();
  const refunds = new Map<string, bigint>();
  for (const c of campaigns) {
    const statuses = Object.fromEntries(smsStatuses.map((s) => [s, 0])) as CampaignCounts["statuses"];
    out.set(c.id, { statuses, costMicros: c.costMicros, messages: 0 });
  }
  for (const r of rows) {
    const counts = out.get(r.campaign_id)!;
    if (r.status in counts.statuses) counts.statuses[r.status as keyof CampaignCounts["statuses"]] += Number(r.n);
    counts.messages += Number(r.n);
    refunds.set(r.campaign_id, (refunds.get(r.campaign_id) ?? 0n) + BigInt(r.refunded ?? 0));
  }
  for (const c of campaigns) {
    const counts = out.get(c.id)!;
    // Recipients not yet turned into messages are waiting: Queued, as campaignCounts() says.
    counts.statuses.Queued += Math.max(0, c.totalMessages - counts.messages);
    counts.costMicros = c.costMicros - (refunds.get(c.id) ?? 0n);
  }
  return out;
}
