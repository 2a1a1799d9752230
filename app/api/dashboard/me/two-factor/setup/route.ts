// POST /api/dashboard/me/two-factor/setup — a new TOTP secret and its QR code, waiting for a code to confirm it
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { json } from "@/lib/http/render-error";
import { beginTwoFactorRoute } from "@/lib/schemas/two-factor";
import { beginTwoFactor } from "@/lib/core/two-factor/manage-two-factor";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(beginTwoFactorRoute, async ({ ctx, principal }) => json(200, await beginTwoFactor(ctx, { id: principal.userId, email: principal.email }), { "Cache-Control": "no-store" })),
});
