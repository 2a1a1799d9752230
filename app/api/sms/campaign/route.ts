// POST /api/sms/campaign — send a bulk campaign now or at a scheduled time
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { createCampaignRoute } from "@/lib/schemas/campaigns";
import { createCampaign } from "@/lib/core/campaigns/create-campaign";
import { campaignCounts } from "@/lib/core/campaigns/campaign-counts";
import { campaignResource } from "@/lib/schemas/campaigns-serializers";
import { campaignOwner } from "@/lib/http/campaign-owner";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(createCampaignRoute, async ({ ctx, principal, body }) => {
    const c = await createCampaign(ctx, campaignOwner(principal), body);
    return campaignResource(c, await campaignCounts(ctx.db, c));
  }),
});
