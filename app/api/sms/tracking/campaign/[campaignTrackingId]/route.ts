// GET /api/sms/tracking/campaign/{campaignTrackingId} — the messages of a campaign, paged
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { trackingCampaignRoute } from "@/lib/schemas/sms";
import { trackCampaign } from "@/lib/core/tracking/search-tracking";
import { trackingRecords } from "@/lib/http/tracking-records";
import { pageOf } from "@/lib/http/paging";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(trackingCampaignRoute, async ({ ctx, principal, params, query }) => {
    const { total, rows } = await trackCampaign(ctx, { accountId: principal.accountId, campaignId: params.campaignTrackingId, ...query });
    return pageOf(await trackingRecords(ctx, rows), total, query.page, query.size);
  }),
});
