// POST /api/otp/send-failover — send an OTP through a flow of channels (Viber, then SMS)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { sendFailoverRoute } from "@/lib/schemas/otp";
import { sendFailover } from "@/lib/core/otp/send-failover";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(sendFailoverRoute, ({ ctx, principal, body }) => sendFailover(ctx, { accountId: principal.accountId, currency: principal.currency, applicationId: principal.applicationId, body })),
});
