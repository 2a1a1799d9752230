// GET /api/system/prices — the price list per country and network
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pricesRoute } from "@/lib/schemas/accounts";
import { getAccount } from "@/lib/core/accounts/get-account";
import { listPrices } from "@/lib/core/prices/list-prices";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(pricesRoute, async ({ ctx, principal, query }) => {
    const currency = query.currency?.toUpperCase() ?? (await getAccount(ctx, principal.accountId)).currency;
    return listPrices(ctx, { ...query, currency });
  }),
});
