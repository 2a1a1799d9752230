// POST /api/dashboard/campaigns/analyze — the composer's quote: recipients, parts, cost and the balance
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { dashboardAnalyzeCampaignRoute } from "@/lib/schemas/dashboard-campaigns";
import { buildCampaign } from "@/lib/core/campaigns/build-campaign";
import { getAccount } from "@/lib/core/accounts/get-account";
import { fromMicros } from "@/lib/money";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(dashboardAnalyzeCampaignRoute, async ({ ctx, principal, body }) => {
    const account = await getAccount(ctx, principal.accountId);
    // The same resolution as sending; a cost above the balance is shown, not refused, so the
    // composer can say how much is missing.
    const built = await buildCampaign(ctx, {
      accountId: account.id,
      currency: account.currency,
      from: body.from,
      body: body.body,
      to: body.to,
      contacts: body.contacts,
      groups: body.groups,
      transcode: body.transcode ?? false,
      allowInvalid: body.allowinvalid,
      fallbackValues: body.fallbackValues,
      trackLinks: body.trackLinks,
      utm: body.utm,
    });
    return {
      ...built.analysis,
      cost: fromMicros(built.costMicros),
      totalParts: built.totalParts,
      currency: account.currency,
      balance: fromMicros(account.balanceMicros),
      enough: account.balanceMicros >= built.costMicros,
      invalid: built.invalid,
    };
  }),
});
