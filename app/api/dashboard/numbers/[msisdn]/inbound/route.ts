// POST /api/dashboard/numbers/{msisdn}/inbound — the SMSC simulator sends an SMS to the number
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { dashboardSimulateInboundRoute } from "@/lib/schemas/numbers";
import { simulateInbound } from "@/lib/core/numbers/simulate-inbound";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(dashboardSimulateInboundRoute, ({ ctx, principal, params, body }) => simulateInbound(ctx, { accountId: principal.accountId, to: params.msisdn, from: body.from, body: body.body })),
});
