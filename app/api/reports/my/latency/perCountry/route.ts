// GET /api/reports/my/latency/perCountry (and …/breakdown/perCountry) — delivery latency for one country
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { latencyPerCountryRoute } from "@/lib/schemas/reports";
import { latencyReport } from "@/lib/core/reports/latency";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(latencyPerCountryRoute, ({ ctx, principal, query }) => latencyReport(ctx, { accountId: principal.accountId, start: query.startDate, end: query.endDate, country: query.countryCode })),
});
