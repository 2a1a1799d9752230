// POST /api/dashboard/users/{id}/sign-out — an owner signs a user out everywhere (owners only)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { endUserSessionsRoute } from "@/lib/schemas/account-security";
import { toUserView } from "@/lib/schemas/dashboard-users-serializers";
import { endUserSessions } from "@/lib/core/users/user-sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(endUserSessionsRoute, async ({ ctx, principal, params }) => toUserView(await endUserSessions(ctx, { accountId: principal.accountId, userId: params.id }))),
});
