// POST /api/webhooks/endpoints/pause — its callbacks wait as dead letters
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pauseEndpointRoute } from "@/lib/schemas/webhooks";
import { pauseEndpoint } from "@/lib/core/callbacks/endpoint-pause";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  POST: withApi(pauseEndpointRoute, ({ ctx, principal, body }) => pauseEndpoint(ctx, { accountId: principal.accountId, endpoint: body.endpoint })),
});
