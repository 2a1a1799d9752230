// GET /api/accounts/me/balance — the account's balance and currency
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { balanceRoute } from "@/lib/schemas/accounts";
import { getAccount } from "@/lib/core/accounts/get-account";
import { currencyInfo, fromMicros } from "@/lib/money";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(balanceRoute, async ({ ctx, principal }) => {
    const account = await getAccount(ctx, principal.accountId);
    return { balance: fromMicros(account.balanceMicros), currency: currencyInfo(account.currency) };
  }),
});
