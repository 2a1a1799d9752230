// POST /api/dashboard/me/two-factor/confirm — turn two-factor sign-in on with a right code; the recovery codes, once
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { json } from "@/lib/http/render-error";
import { confirmTwoFactorRoute } from "@/lib/schemas/two-factor";
import { confirmTwoFactor } from "@/lib/core/two-factor/manage-two-factor";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(confirmTwoFactorRoute, async ({ ctx, principal, body }) => json(200, { recoveryCodes: await confirmTwoFactor(ctx, principal.userId, body.code) }, { "Cache-Control": "no-store" })),
});
