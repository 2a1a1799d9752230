// POST /api/dashboard/me/two-factor/disable — turn your two-factor sign-in off (your password required)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { disableTwoFactorRoute } from "@/lib/schemas/two-factor";
import { disableTwoFactor } from "@/lib/core/two-factor/manage-two-factor";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(disableTwoFactorRoute, async ({ ctx, principal, body }) => {
    await disableTwoFactor(ctx, { id: principal.userId, accountId: principal.accountId }, body.password);
    return { enabled: false };
  }),
});
