// POST /api/dashboard/me/password — change your password; other sessions end, this one is renewed
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { json } from "@/lib/http/render-error";
import { changePasswordRoute } from "@/lib/schemas/account-security";
import { changePassword } from "@/lib/core/users/user-sessions";
import { renewedSessionCookie } from "@/lib/auth/session-cookie";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(changePasswordRoute, async ({ ctx, principal, body }) => {
    const user = await changePassword(ctx, { userId: principal.userId, ...body });
    return json(200, { changed: true }, { "Set-Cookie": await renewedSessionCookie(user), "Cache-Control": "no-store" });
  }),
});
