// GET, POST /api/dashboard/campaigns — the campaign list, and creating a campaign from the composer
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { dashboardCreateCampaignRoute, listCampaignsRoute } from "@/lib/schemas/dashboard-campaigns";
import { listCampaigns } from "@/lib/core/campaigns/list-campaigns";
import { createCampaign } from "@/lib/core/campaigns/create-campaign";
import { campaignCounts } from "@/lib/core/campaigns/campaign-counts";
import { getAccount } from "@/lib/core/accounts/get-account";
import { campaignSummary, campaignView } from "@/lib/schemas/dashboard-campaigns-serializers";

export const { PUT, PATCH, DELETE, GET, POST } = methods({
  GET: withApi(listCampaignsRoute, async ({ ctx, principal, query }) => {
    const { total, rows } = await listCampaigns(ctx, principal.accountId, {
      page: query.page,
      size: query.size,
      states: query.state,
      name: query.name,
      includeUnnamed: query.unnamed === "true",
    });
    return pageOf(
      rows.map((r) => campaignSummary(r.campaign, r.counts)),
      total,
      query.page,
      query.size,
    );
  }),
  POST: withApi(dashboardCreateCampaignRoute, async ({ ctx, principal, body }) => {
    // The account's own campaign: no application, so no application callback or transcode default.
    const { currency } = await getAccount(ctx, principal.accountId);
    const c = await createCampaign(ctx, { accountId: principal.accountId, currency }, body);
    return campaignView(c, await campaignCounts(ctx.db, c));
  }),
});
