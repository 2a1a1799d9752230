// GET /api/reports/my/latency (and /api/reports/my/breakdown) — delivery latency over a range
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { latencyRoute } from "@/lib/schemas/reports";
import { latencyReport } from "@/lib/core/reports/latency";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(latencyRoute, ({ ctx, principal, query }) => latencyReport(ctx, { accountId: principal.accountId, start: query.startDate, end: query.endDate })),
});
