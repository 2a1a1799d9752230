// DELETE /api/dashboard/applications/{applicationId} — revoke an application and its tokens
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { applicationToView } from "@/lib/http/serializers";
import { revokeApplicationRoute } from "@/lib/schemas/applications";
import { revokeApplication } from "@/lib/core/applications/revoke-application";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: withApi(revokeApplicationRoute, async ({ ctx, principal, params }) =>
    applicationToView(await revokeApplication(ctx, { accountId: principal.accountId, applicationId: params.applicationId })),
  ),
});
