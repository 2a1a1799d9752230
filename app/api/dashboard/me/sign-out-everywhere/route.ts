// POST /api/dashboard/me/sign-out-everywhere — end every session of the signed-in user, this one too
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { json } from "@/lib/http/render-error";
import { endMySessionsRoute } from "@/lib/schemas/account-security";
import { endUserSessions } from "@/lib/core/users/user-sessions";
import { clearedSessionCookie } from "@/lib/auth/session-cookie";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(endMySessionsRoute, async ({ ctx, principal }) => {
    await endUserSessions(ctx, { accountId: principal.accountId, userId: principal.userId });
    return json(200, { signedOut: true }, { "Set-Cookie": clearedSessionCookie(), "Cache-Control": "no-store" });
  }),
});
