// PUT /api/sms/{trackingId} — replace a scheduled campaign; DELETE — remove it
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { deleteCampaignRoute, updateCampaignRoute } from "@/lib/schemas/campaigns";
import { updateCampaign } from "@/lib/core/campaigns/update-campaign";
import { deleteCampaign } from "@/lib/core/campaigns/delete-campaign";
import { campaignCounts } from "@/lib/core/campaigns/campaign-counts";
import { campaignResource } from "@/lib/schemas/campaigns-serializers";
import { campaignOwner } from "@/lib/http/campaign-owner";

export const { GET, POST, PATCH, PUT, DELETE } = methods({
  PUT: withApi(updateCampaignRoute, async ({ ctx, principal, params, body }) => {
    const c = await updateCampaign(ctx, campaignOwner(principal), params.trackingId, body);
    return campaignResource(c, await campaignCounts(ctx.db, c));
  }),
  DELETE: withApi(deleteCampaignRoute, async ({ ctx, principal, params }) => {
    await deleteCampaign(ctx, principal.accountId, params.trackingId);
    // Routee's clients decode a successful DELETE as empty.
    return new Response(null, { status: 200 });
  }),
});
