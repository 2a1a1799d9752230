// POST /api/otp/failover/{flowId}/verify — check the code the user entered
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { verifyOtpRoute } from "@/lib/schemas/otp";
import { verifyCode } from "@/lib/core/otp/verify-code";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(verifyOtpRoute, ({ ctx, principal, params, body }) => verifyCode(ctx, { accountId: principal.accountId, flowId: params.flowId, code: body.code })),
});
