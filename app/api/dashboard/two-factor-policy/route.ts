// PUT /api/dashboard/two-factor-policy — an owner requires two-factor sign-in of every user of the account (owners only)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { twoFactorPolicyRoute } from "@/lib/schemas/two-factor";
import { setTwoFactorRequired } from "@/lib/core/two-factor/two-factor-policy";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: withApi(twoFactorPolicyRoute, async ({ ctx, principal, body }) => setTwoFactorRequired(ctx, principal.accountId, body.required)),
});
