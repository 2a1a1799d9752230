// POST /api/dashboard/users/{id}/two-factor/reset — an owner clears a user's two-factor sign-in (owners only)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { resetUserTwoFactorRoute } from "@/lib/schemas/two-factor";
import { toUserView } from "@/lib/schemas/dashboard-users-serializers";
import { resetTwoFactor } from "@/lib/core/two-factor/manage-two-factor";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(resetUserTwoFactorRoute, async ({ ctx, principal, params }) =>
    toUserView((await resetTwoFactor(ctx, { accountId: principal.accountId, actorId: principal.userId, userId: params.id })).user),
  ),
});
