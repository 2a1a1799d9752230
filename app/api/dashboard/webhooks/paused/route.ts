// GET /api/dashboard/webhooks/paused — the paused endpoints, for the owner's banner on every page
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { dashPausedEndpointsRoute } from "@/lib/schemas/webhooks";
import { pausedEndpoints } from "@/lib/core/callbacks/endpoint-health";
import { iso } from "@/lib/schemas/iso";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  GET: withApi(dashPausedEndpointsRoute, async ({ ctx, principal }) => (await pausedEndpoints(ctx, principal.accountId)).map((e) => ({ endpoint: e.endpoint, pausedAt: iso(e.pausedAt) }))),
});
