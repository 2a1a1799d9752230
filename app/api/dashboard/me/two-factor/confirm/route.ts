// POST /api/dashboard/me/two-factor/confirm — turn two-factor sign-in on with a right code; the
// recovery codes, once. The user's other sessions end; this one is renewed.
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { json } from "@/lib/http/render-error";
import { confirmTwoFactorRoute } from "@/lib/schemas/two-factor";
import { confirmTwoFactor } from "@/lib/core/two-factor/manage-two-factor";
import { renewedSessionCookie } from "@/lib/auth/session-cookie";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(confirmTwoFactorRoute, async ({ ctx, principal, body }) => {
    const { recoveryCodes, user } = await confirmTwoFactor(ctx, principal.userId, body.code);
    return json(200, { recoveryCodes }, { "Set-Cookie": await renewedSessionCookie(user), "Cache-Control": "no-store" });
  }),
});
