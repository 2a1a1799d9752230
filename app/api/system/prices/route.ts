// GET /api/system/prices — the price list per country and network, as the calling account pays
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pricesRoute } from "@/lib/schemas/accounts";
import { getAccount } from "@/lib/core/accounts/get-account";
import { listPrices } from "@/lib/core/prices/list-prices";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(pricesRoute, async ({ ctx, principal, query }) => {
    const account = await getAccount(ctx, principal.accountId);
    const currency = query.currency?.toUpperCase() ?? account.currency;
    // The account's own prices are in its currency: shown when the list is asked in it.
    return listPrices(ctx, { ...query, currency, accountId: currency === account.currency ? account.id : undefined });
  }),
});
