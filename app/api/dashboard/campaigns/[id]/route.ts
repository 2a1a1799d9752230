// GET, PUT, DELETE /api/dashboard/campaigns/{id} — a campaign with its timeline; change or delete a Scheduled one
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { iso } from "@/lib/schemas/iso";
import { dashboardCampaignRoute, dashboardDeleteCampaignRoute, dashboardUpdateCampaignRoute } from "@/lib/schemas/dashboard-campaigns";
import { findOwnCampaign, updateCampaign } from "@/lib/core/campaigns/update-campaign";
import { deleteCampaign } from "@/lib/core/campaigns/delete-campaign";
import { campaignCounts } from "@/lib/core/campaigns/campaign-counts";
import { campaignTimeline } from "@/lib/core/campaigns/campaign-timeline";
import { getAccount } from "@/lib/core/accounts/get-account";
import { campaignView } from "@/lib/schemas/dashboard-campaigns-serializers";
import { campaignClicks, campaignClicksOverTime } from "@/lib/core/links/campaign-clicks";

export const { POST, PATCH, GET, PUT, DELETE } = methods({
  GET: withApi(dashboardCampaignRoute, async ({ ctx, principal, params }) => {
    const c = await findOwnCampaign(ctx, principal.accountId, params.id);
    const [counts, timeline, clicks, clickSeries] = await Promise.all([
      campaignCounts(ctx.db, c),
      campaignTimeline(ctx, c),
      c.trackLinks ? campaignClicks(ctx, c.id) : undefined,
      c.trackLinks ? campaignClicksOverTime(ctx, c.id) : { unit: "hour" as const, points: [] },
    ]);
    return {
      campaign: campaignView(c, counts, clicks),
      clickSeries: { unit: clickSeries.unit, points: clickSeries.points.map((p) => ({ at: iso(p.at), clicks: p.clicks })) },
      events: timeline.events.map((e) => ({ state: e.state, description: e.description, at: iso(e.at) })),
      bucketSeconds: timeline.bucketSeconds,
      series: timeline.series.map((p) => ({ ...p, at: iso(p.at) })),
    };
  }),
  PUT: withApi(dashboardUpdateCampaignRoute, async ({ ctx, principal, params, body }) => {
    const { currency } = await getAccount(ctx, principal.accountId);
    const c = await updateCampaign(ctx, { accountId: principal.accountId, currency }, params.id, body);
    return campaignView(c, await campaignCounts(ctx.db, c));
  }),
  DELETE: withApi(dashboardDeleteCampaignRoute, async ({ ctx, principal, params }) => {
    await deleteCampaign(ctx, principal.accountId, params.id);
    return { trackingId: params.id, deleted: true };
  }),
});
