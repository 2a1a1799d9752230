// POST /api/dashboard/numbers/{msisdn}/inbound — the SMSC simulator sends an SMS to the number.
// Only where the bundled simulator is the SMSC (SMSC_URL unset): against a real carrier, a made-up
// inbound SMS (a STOP, a customer's answer) would pass for one a real person sent.
import { withApi } from "@/lib/http/with-api";
import { fail } from "@/lib/core/errors";
import { env } from "@/lib/env";
import { methods } from "@/lib/http/methods";
import { dashboardSimulateInboundRoute } from "@/lib/schemas/numbers";
import { simulateInbound } from "@/lib/core/numbers/simulate-inbound";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(dashboardSimulateInboundRoute, ({ ctx, principal, params, body }) => {
    if (env().SMSC_URL) fail("routeNotFound", { message: "Inbound SMS can be simulated only with the bundled SMSC simulator (SMSC_URL unset)." });
    return simulateInbound(ctx, { accountId: principal.accountId, to: params.msisdn, from: body.from, body: body.body });
  }),
});
