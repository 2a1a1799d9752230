// GET /api/dashboard/campaigns/{id}/recipients — a page of the campaign's recipients with their own texts
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { campaignRecipientsRoute } from "@/lib/schemas/dashboard-campaigns";
import { listCampaignRecipients } from "@/lib/core/campaigns/list-campaign-recipients";
import { campaignRecipient } from "@/lib/schemas/dashboard-campaigns-serializers";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(campaignRecipientsRoute, async ({ ctx, principal, params, query }) => {
    const { total, rows } = await listCampaignRecipients(ctx, principal.accountId, params.id, query);
    return pageOf(rows.map(campaignRecipient), total, query.page, query.size);
  }),
});
