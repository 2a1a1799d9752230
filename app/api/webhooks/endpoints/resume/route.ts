// POST /api/webhooks/endpoints/resume — send what waited, once each, in order
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { actingAs } from "@/lib/http/acting-as";
import { resumeEndpointRoute } from "@/lib/schemas/webhooks";
import { resumeEndpoint } from "@/lib/core/callbacks/endpoint-pause";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  POST: withApi(resumeEndpointRoute, ({ ctx, principal, body }) => resumeEndpoint(ctx, { accountId: principal.accountId, endpoint: body.endpoint, by: actingAs(principal) })),
});
