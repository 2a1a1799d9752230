// GET /api/webhooks/endpoints — destinations with their health
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { listEndpointsRoute } from "@/lib/schemas/webhooks";
import { listEndpoints } from "@/lib/core/callbacks/endpoint-health";
import { endpointHealthView } from "@/lib/schemas/webhooks-serializers";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  GET: withApi(listEndpointsRoute, async ({ ctx, principal }) => (await listEndpoints(ctx, { accountId: principal.accountId })).map(endpointHealthView)),
});
