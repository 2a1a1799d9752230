// POST /api/operator/accounts/{id}/suspend — refuse the account's tokens and users, pause its campaigns (operator)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { suspendAccountRoute } from "@/lib/schemas/operator";
import { toOperatorAccountDetail } from "@/lib/schemas/operator-serializers";
import { suspendAccount } from "@/lib/core/accounts/suspend-account";
import { accountOverview } from "@/lib/core/operator/account-overview";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(suspendAccountRoute, async ({ ctx, params, body }) => {
    await suspendAccount(ctx, { accountId: params.id, reason: body.reason });
    return toOperatorAccountDetail(await accountOverview(ctx, params.id));
  }),
});
