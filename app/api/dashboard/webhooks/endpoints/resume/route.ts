// POST /api/dashboard/webhooks/endpoints/resume — a health card's (or the banner's) Resume button
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { actingAs } from "@/lib/http/acting-as";
import { dashResumeEndpointRoute } from "@/lib/schemas/webhooks";
import { resumeEndpoint } from "@/lib/core/callbacks/endpoint-pause";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  POST: withApi(dashResumeEndpointRoute, ({ ctx, principal, body }) => resumeEndpoint(ctx, { accountId: principal.accountId, endpoint: body.endpoint, by: actingAs(principal) })),
});
