// PATCH, DELETE /api/dashboard/applications/{applicationId} — change an application's rate limit, or revoke it and its tokens
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { applicationToView } from "@/lib/schemas/applications-serializers";
import { forgetRateLimit } from "@/lib/http/rate-limit";
import { revokeApplicationRoute, updateApplicationRoute } from "@/lib/schemas/applications";
import { revokeApplication } from "@/lib/core/applications/revoke-application";
import { updateApplication } from "@/lib/core/applications/update-application";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: withApi(updateApplicationRoute, async ({ ctx, principal, params, body }) => {
    const application = await updateApplication(ctx, { accountId: principal.accountId, applicationId: params.applicationId, ...body });
    forgetRateLimit(application.id);
    return applicationToView(application);
  }),
  DELETE: withApi(revokeApplicationRoute, async ({ ctx, principal, params }) =>
    applicationToView(await revokeApplication(ctx, { accountId: principal.accountId, applicationId: params.applicationId })),
  ),
});
