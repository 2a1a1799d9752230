// GET /api/reports/my/latency/perCampaign (and …/breakdown/perCampaign) — delivery latency of one campaign
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { latencyPerCampaignRoute } from "@/lib/schemas/reports";
import { latencyPerCampaign } from "@/lib/core/reports/latency";
import { offsetMinutes } from "@/lib/core/reports/time-grouping";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(latencyPerCampaignRoute, ({ ctx, principal, query }) => {
    offsetMinutes(query.offset); // checked, though latency has no time buckets
    return latencyPerCampaign(ctx, { accountId: principal.accountId, campaignId: query.campaignId });
  }),
});
