// POST /api/dashboard/webhooks/endpoints/pause — a health card's Pause button
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { dashPauseEndpointRoute } from "@/lib/schemas/webhooks";
import { pauseEndpoint } from "@/lib/core/callbacks/endpoint-pause";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  POST: withApi(dashPauseEndpointRoute, ({ ctx, principal, body }) => pauseEndpoint(ctx, { accountId: principal.accountId, endpoint: body.endpoint })),
});
