// PATCH, DELETE /api/dashboard/users/{id} — change a user's role, remove a user (owners only)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { changeUserRoleRoute, removeUserRoute } from "@/lib/schemas/dashboard-users";
import { toUserView } from "@/lib/schemas/dashboard-users-serializers";
import { changeUserRole } from "@/lib/core/users/change-user-role";
import { removeUser } from "@/lib/core/users/remove-user";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: withApi(changeUserRoleRoute, async ({ ctx, principal, params, body }) =>
    toUserView(await changeUserRole(ctx, { accountId: principal.accountId, actorId: principal.userId, userId: params.id, role: body.role })),
  ),
  DELETE: withApi(removeUserRoute, async ({ ctx, principal, params }) => toUserView(await removeUser(ctx, { accountId: principal.accountId, actorId: principal.userId, userId: params.id }))),
});
