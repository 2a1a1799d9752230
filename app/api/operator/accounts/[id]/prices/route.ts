// GET, PUT, DELETE /api/operator/accounts/{id}/prices — the account's own price list (operator)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { accountPricesRoute, removeAccountPriceRoute, setAccountPriceRoute } from "@/lib/schemas/operator";
import { getAccount } from "@/lib/core/accounts/get-account";
import { listAccountPrices, removeAccountPrice, setAccountPrice } from "@/lib/core/prices/account-prices";
import { iso } from "@/lib/schemas/iso";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(accountPricesRoute, async ({ ctx, params }) => {
    const { currency } = await getAccount(ctx, params.id);
    const rows = await listAccountPrices(ctx, params.id);
    return { currency, content: rows.map(({ priceMicros: _, ...r }) => ({ ...r, updatedAt: iso(r.updatedAt) })) };
  }),
  PUT: withApi(setAccountPriceRoute, ({ ctx, params, body }) => setAccountPrice(ctx, { accountId: params.id, country: body.country, network: body.network, priceMicros: body.price })),
  DELETE: withApi(removeAccountPriceRoute, async ({ ctx, params, query }) => {
    await removeAccountPrice(ctx, { accountId: params.id, country: query.country, network: query.network });
    return { removed: true as const };
  }),
});
