// GET /api/reports/my/volPrice/perCampaign — volume and price of one campaign
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { volPricePerCampaignRoute } from "@/lib/schemas/reports";
import { volPricePerCampaign } from "@/lib/core/reports/vol-price";
import { offsetMinutes } from "@/lib/core/reports/time-grouping";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(volPricePerCampaignRoute, ({ ctx, principal, query }) =>
    volPricePerCampaign(ctx, { accountId: principal.accountId, campaignId: query.campaignId, offsetMinutes: offsetMinutes(query.offset) }),
  ),
});
