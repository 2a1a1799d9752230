// POST /api/operator/accounts/{id}/balance — credit or debit the account with a reason (operator)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { adjustBalanceRoute } from "@/lib/schemas/operator";
import { adjustBalance } from "@/lib/core/accounts/adjust-balance";
import { getAccount } from "@/lib/core/accounts/get-account";
import { fromMicros } from "@/lib/money";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(adjustBalanceRoute, async ({ ctx, params, body }) => {
    const { currency } = await getAccount(ctx, params.id);
    const { balanceMicros } = await adjustBalance(ctx, { accountId: params.id, direction: body.direction, amountMicros: body.amount, reason: body.reason });
    return { accountId: params.id, balance: fromMicros(balanceMicros), currency };
  }),
});
