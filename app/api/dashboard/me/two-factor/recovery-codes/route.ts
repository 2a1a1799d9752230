// POST /api/dashboard/me/two-factor/recovery-codes — ten new recovery codes (your password required), answered once
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { json } from "@/lib/http/render-error";
import { renewRecoveryCodesRoute } from "@/lib/schemas/two-factor";
import { renewRecoveryCodes } from "@/lib/core/two-factor/manage-two-factor";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(renewRecoveryCodesRoute, async ({ ctx, principal, body }) =>
    json(200, { recoveryCodes: await renewRecoveryCodes(ctx, principal.userId, body.password) }, { "Cache-Control": "no-store" }),
  ),
});
