// GET /api/accounts/me/transactions — top-ups, newest first, paged
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { transactionsRoute } from "@/lib/schemas/accounts";
import { listTransactions } from "@/lib/core/accounts/list-transactions";
import { pageOf } from "@/lib/http/paging";
import { topUpToTransaction } from "@/lib/schemas/accounts-serializers";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(transactionsRoute, async ({ ctx, principal, query }) => {
    const { total, rows } = await listTransactions(ctx, { accountId: principal.accountId, kinds: ["TopUp"], ...query });
    return pageOf(rows.map(topUpToTransaction), total, query.page, query.size);
  }),
});
