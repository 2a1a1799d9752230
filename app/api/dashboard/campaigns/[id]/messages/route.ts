// GET /api/dashboard/campaigns/{id}/messages — a page of the campaign's messages
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { campaignMessagesRoute } from "@/lib/schemas/dashboard-campaigns";
import { listCampaignMessages } from "@/lib/core/campaigns/list-campaign-messages";
import { campaignMessage } from "@/lib/schemas/dashboard-campaigns-serializers";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(campaignMessagesRoute, async ({ ctx, principal, params, query }) => {
    const { total, rows } = await listCampaignMessages(ctx, principal.accountId, params.id, query);
    return pageOf(rows.map(campaignMessage), total, query.page, query.size);
  }),
});
