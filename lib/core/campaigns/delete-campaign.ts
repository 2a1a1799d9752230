// DELETE /sms/{trackingId}: removes a Scheduled campaign (its start and reminder jobs find
// nothing when they fire). Any other state answers 400009002.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { findOwnCampaign } from "./update-campaign.ts";
import { removeCampaigns } from "./remove-campaigns.ts";

export async function deleteCampaign(ctx: Ctx, accountId: string, id: string): Promise<void> {
  const c = await findOwnCampaign(ctx, accountId, id);
  const gone = await removeCampaigns(ctx.sql, `id = $1 AND state = 'Scheduled'`, [c.id]);
  if (gone === 0) fail("campaignNotScheduled", { message: `The campaign is ${c.state}; only a Scheduled campaign can be deleted.` });
}
