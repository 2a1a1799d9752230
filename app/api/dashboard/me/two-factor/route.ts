// GET /api/dashboard/me/two-factor — whether your two-factor sign-in is on, and whether the account requires it
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { twoFactorStatusRoute } from "@/lib/schemas/two-factor";
import { twoFactorStatus } from "@/lib/core/two-factor/manage-two-factor";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(twoFactorStatusRoute, async ({ ctx, principal }) => {
    const s = await twoFactorStatus(ctx, { id: principal.userId, accountId: principal.accountId });
    return { ...s, enabledAt: s.enabledAt?.toISOString() ?? "" };
  }),
});
