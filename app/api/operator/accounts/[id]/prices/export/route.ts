// GET /api/operator/accounts/{id}/prices/export — the account's own prices as CSV (operator)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { exportAccountPricesRoute } from "@/lib/schemas/operator";
import { listAccountPrices } from "@/lib/core/prices/account-prices";
import { formatPriceCsv } from "@/lib/core/prices/price-csv";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(exportAccountPricesRoute, async ({ ctx, params }) => {
    const rows = await listAccountPrices(ctx, params.id);
    const csv = formatPriceCsv(rows);
    return new Response(csv, {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="prices-${params.id}.csv"` },
    });
  }),
});
