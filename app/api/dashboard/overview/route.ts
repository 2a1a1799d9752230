// GET /api/dashboard/overview — the reporting home: a period's totals, series, countries, operators, latency and latest campaigns
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { overviewPeriod, overviewRoute } from "@/lib/schemas/dashboard-overview";
import { reportOverview } from "@/lib/core/reports/overview";
import { listCampaigns } from "@/lib/core/campaigns/list-campaigns";
import { getAccount } from "@/lib/core/accounts/get-account";
import { campaignSummary } from "@/lib/schemas/dashboard-campaigns-serializers";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(overviewRoute, async ({ ctx, principal, query }) => {
    const { from, to } = overviewPeriod(query, ctx.now());
    const [report, campaigns, account] = await Promise.all([
      reportOverview(ctx, { accountId: principal.accountId, from, to, offsetMinutes: query.offset }),
      listCampaigns(ctx, principal.accountId, { page: 0, size: 5 }),
      getAccount(ctx, principal.accountId),
    ]);
    return { ...report, currency: account.currency, campaigns: campaigns.rows.map((r) => campaignSummary(r.campaign, r.counts)) };
  }),
});
