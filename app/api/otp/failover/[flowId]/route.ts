// GET /api/otp/failover/{flowId} — the flow and its steps (also by a step's trackingId)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { getFailoverRoute } from "@/lib/schemas/otp";
import { getFlow } from "@/lib/core/otp/get-flow";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(getFailoverRoute, ({ ctx, principal, params }) => getFlow(ctx, principal.accountId, params.flowId)),
});
