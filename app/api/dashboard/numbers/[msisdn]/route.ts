// GET /api/dashboard/numbers/{msisdn} — a number with its pool and history; PUT — its callbacks; DELETE — cancel it
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { dashboardCancelNumberRoute, dashboardNumberRoute, dashboardUpdateNumberRoute } from "@/lib/schemas/numbers";
import { numberDetails } from "@/lib/core/numbers/number-details";
import { updateNumber } from "@/lib/core/numbers/update-number";
import { cancelNumber } from "@/lib/core/numbers/cancel-number";

export const { POST, PATCH, GET, PUT, DELETE } = methods({
  GET: withApi(dashboardNumberRoute, ({ ctx, principal, params }) => numberDetails(ctx, { accountId: principal.accountId, msisdn: params.msisdn })),
  PUT: withApi(dashboardUpdateNumberRoute, ({ ctx, principal, params, body }) => updateNumber(ctx, { ...body, accountId: principal.accountId, msisdn: params.msisdn })),
  DELETE: withApi(dashboardCancelNumberRoute, ({ ctx, principal, params }) => cancelNumber(ctx, { accountId: principal.accountId, msisdn: params.msisdn })),
});
