// The dashboard's campaign list: the account's campaigns newest first, filtered by state and
// name, each with its live counts (one grouped query for the whole page, not one per campaign).
// Unnamed campaigns (sent through the API without campaignName) are left out unless asked for:
// the spec keeps them off the web platform.
import type { Ctx } from "../context.ts";
import type { Campaign } from "../../db/generated/client.ts";
import { countsOf, type CampaignCounts } from "./campaign-counts.ts";
import { bulkyColumns, withoutBulk } from "./lean-campaign.ts";

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
    // Without the recipient list and the analysis (about 0.9 MB for a 30k campaign): the list
    // shows neither, and a page of big campaigns would decode megabytes on every load.
    ctx.db.campaign.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: input.page * input.size, take: input.size, omit: bulkyColumns }),
  ]).then(([total, lean]) => [total, lean.map(withoutBulk)] as const);
  const counts = await countsOf(ctx, campaigns);
  return { total, rows: campaigns.map((campaign) => ({ campaign, counts: counts.get(campaign.id)! })) };
}
