// GET /api/reports/my/latency/perMccMnc (and …/breakdown/perMccMnc) — delivery latency for one network
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { latencyPerMccMncRoute } from "@/lib/schemas/reports";
import { latencyReport } from "@/lib/core/reports/latency";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(latencyPerMccMncRoute, ({ ctx, principal, query }) =>
    latencyReport(ctx, { accountId: principal.accountId, start: query.startDate, end: query.endDate, mcc: query.mcc, mnc: query.mnc }),
  ),
});
