// POST /api/operator/accounts/{id}/prices/import — replace the account's own prices with a CSV file's rows (operator)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { importAccountPricesRoute } from "@/lib/schemas/operator";
import { replaceAccountPrices } from "@/lib/core/prices/account-prices";
import { parsePriceCsv } from "@/lib/core/prices/price-csv";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(importAccountPricesRoute, ({ ctx, params, body }) => {
    const { rows, problems } = parsePriceCsv(body.csv);
    return replaceAccountPrices(ctx, params.id, rows, problems);
  }),
});
