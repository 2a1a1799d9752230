// POST /api/sms/analyze/campaign (also /sms/analyse/campaign) — analyse a campaign, store nothing
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { analyzeCampaignRoute } from "@/lib/schemas/campaigns";
import { analyzeCampaign } from "@/lib/core/campaigns/analyze-campaign";
import { fromMicros } from "@/lib/money";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(analyzeCampaignRoute, async ({ ctx, principal, body }) => {
    const built = await analyzeCampaign(ctx, {
      accountId: principal.accountId,
      currency: principal.currency,
      ...body,
      transcode: body.transcode ?? principal.defaults.transcode,
      allowInvalid: body.allowinvalid,
    });
    return { ...built.analysis, cost: fromMicros(built.costMicros), totalParts: built.totalParts };
  }),
});
