// GET /api/sms/tracking/campaign/{campaignTrackingId} — the messages of a campaign, paged
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { trackingCampaignRoute } from "@/lib/schemas/sms";
import { trackCampaign } from "@/lib/core/tracking/search-tracking";
import { trackingRecord } from "@/lib/schemas/sms-serializers";
import { messageClicks } from "@/lib/core/links/message-clicks";
import { pageOf } from "@/lib/http/paging";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(trackingCampaignRoute, async ({ ctx, principal, params, query }) => {
    const { total, rows } = await trackCampaign(ctx, { accountId: principal.accountId, campaignId: params.campaignTrackingId, ...query });
    const clicks = await messageClicks(
      ctx,
      rows.map((r) => r.message.id),
    );
    return pageOf(
      rows.map((r) => trackingRecord(r, clicks.get(r.message.id))),
      total,
      query.page,
      query.size,
    );
  }),
});
