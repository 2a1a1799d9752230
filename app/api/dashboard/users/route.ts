// GET, POST /api/dashboard/users — the account's users, and adding one (owners only)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { addUserRoute, listUsersRoute } from "@/lib/schemas/dashboard-users";
import { toUserView } from "@/lib/schemas/dashboard-users-serializers";
import { listUsers } from "@/lib/core/users/list-users";
import { addUser } from "@/lib/core/users/add-user";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(listUsersRoute, async ({ ctx, principal }) => ({ content: (await listUsers(ctx, principal.accountId)).map(toUserView) })),
  POST: withApi(addUserRoute, async ({ ctx, principal, body }) => {
    const { user, password } = await addUser(ctx, { accountId: principal.accountId, email: body.email, name: body.name, role: body.role });
    return { ...toUserView(user), password };
  }),
});
