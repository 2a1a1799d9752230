// GET /api/campaigns/{trackingId} — a campaign with its live counts
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { getCampaignRoute } from "@/lib/schemas/campaigns";
import { findOwnCampaign } from "@/lib/core/campaigns/update-campaign";
import { campaignCounts } from "@/lib/core/campaigns/campaign-counts";
import { campaignResource } from "@/lib/schemas/campaigns-serializers";
import { campaignClicks } from "@/lib/core/links/campaign-clicks";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(getCampaignRoute, async ({ ctx, principal, params }) => {
    const c = await findOwnCampaign(ctx, principal.accountId, params.trackingId);
    const [counts, clicks] = await Promise.all([campaignCounts(ctx.db, c), c.trackLinks ? campaignClicks(ctx, c.id) : undefined]);
    return campaignResource(c, counts, clicks);
  }),
});
