// POST /api/dashboard/users/{id}/password — an owner gives a user a new password, shown once (owners only)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { resetUserPasswordRoute } from "@/lib/schemas/account-security";
import { toUserView } from "@/lib/schemas/dashboard-users-serializers";
import { resetUserPassword } from "@/lib/core/users/user-sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(resetUserPasswordRoute, async ({ ctx, principal, params }) => {
    const { user, password } = await resetUserPassword(ctx, { accountId: principal.accountId, actorId: principal.userId, userId: params.id });
    return { ...toUserView(user), password };
  }),
});
