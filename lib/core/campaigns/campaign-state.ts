// Campaign states and their transitions. A transition is one conditional UPDATE (from the state
// the caller saw), an event row, and the campaign callback its strategy asks for, all in the
// caller's transaction.
import type { Ctx, Tx } from "../context.ts";
import type { Campaign } from "../../db/generated/client.ts";
import { scheduleCallback } from "../callbacks/schedule-callback.ts";
import { campaignCounts, finalCounts, type CampaignCounts } from "./campaign-counts.ts";
import { fromMicros } from "../../money.ts";
import { bulkyColumns, withoutBulk } from "./lean-campaign.ts";

export const campaignStates = ["Scheduled", "Queued", "Running", "Sent", "Finished", "Failed"] as const;
/** A campaign being written (its recipients not all stored yet): never shown, never sent. */
export const DRAFT = "Draft";
export type CampaignState = (typeof campaignStates)[number];
export const isFinalCampaignState = (s: string) => s === "Finished" || s === "Failed";

/** What campaign callbacks carry: the campaign's progress without its recipient lists. */
export function campaignProgressPayload(c: Campaign, counts: CampaignCounts, at: Date) {
  return {
    trackingId: c.id,
    campaignName: c.name,
    type: c.type,
    state: c.state,
    createdAt: c.createdAt.toISOString(),
    scheduledDate: c.scheduledDate?.toISOString() ?? "",
    endedAt: c.endedAt?.toISOString() ?? "",
    updatedDate: at.toISOString(),
    statuses: counts.statuses,
    cost: fromMicros(counts.costMicros),
    totalMessages: c.totalMessages,
  };
}

/**
 * Moves a campaign from `from` to `to`. Answers the updated campaign (without its recipient
 * list, contact ids, errors and analysis), or null when it was no longer in `from` (someone else
 * moved it first).
 */
export async function setCampaignState(
  ctx: Ctx,
  tx: Tx,
  campaignId: string,
  from: readonly CampaignState[],
  to: CampaignState,
  description: string,
  data: Partial<Pick<Campaign, "startedAt" | "batches">> = {},
  /** When the state changed (default now); after another change in the same millisecond, later. */
  after?: Date,
): Promise<Campaign | null> {
  const now = ctx.now();
  const at = after && after >= now ? new Date(after.getTime() + 1) : now;
  // Answered without the recipient list (lean-campaign.ts): nothing here shows it.
  const moved = await tx.campaign.updateManyAndReturn({
    where: { id: campaignId, state: { in: [...from] } },
    data: { state: to, stateAt: at, ...(isFinalCampaignState(to) ? { endedAt: at } : {}), ...data },
    omit: bulkyColumns,
  });
  if (!moved[0]) return null;
  let c = withoutBulk(moved[0]);
  // Final: nothing changes any more, so its counts are stored once (campaign-counts.ts).
  if (isFinalCampaignState(to)) c = withoutBulk(await tx.campaign.update({ where: { id: campaignId }, data: { finalCounts: { ...(await finalCounts(tx, campaignId)) } }, omit: bulkyColumns }));
  await tx.campaignEvent.create({ data: { campaignId, state: to, description, at } });
  if (c.campaignCallbackUrl && (c.campaignCallbackStrategy === "OnChange" || isFinalCampaignState(to))) {
    const counts = await campaignCounts(tx, c);
    await scheduleCallback(ctx, tx, {
      accountId: c.accountId,
      kind: "campaign.state",
      url: c.campaignCallbackUrl,
      campaignId: c.id,
      payload: campaignProgressPayload(c, counts, at),
    });
  }
  return c;
}
