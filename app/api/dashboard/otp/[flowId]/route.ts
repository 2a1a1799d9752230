// GET /api/dashboard/otp/{flowId} — one flow with its timeline and webhook attempts
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { flowDetailRoute } from "@/lib/schemas/otp";
import { flowDetail } from "@/lib/core/otp/flow-detail";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(flowDetailRoute, ({ ctx, principal, params }) => flowDetail(ctx, principal.accountId, params.flowId)),
});
