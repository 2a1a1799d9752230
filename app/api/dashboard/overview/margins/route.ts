// GET /api/dashboard/overview/margins — platform administrators: cost and margin per connector and per country over a period
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { overviewPeriod } from "@/lib/schemas/dashboard-overview";
import { marginsRoute } from "@/lib/schemas/dashboard-margins";
import { connectorMargins } from "@/lib/core/reports/connector-margins";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(marginsRoute, async ({ ctx, query }) => connectorMargins(ctx, overviewPeriod(query, ctx.now()))),
});
