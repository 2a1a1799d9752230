// GET /api/operator/accounts/{id}/transactions — the account's ledger, newest first (operator)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { accountLedgerRoute } from "@/lib/schemas/operator";
import { toLedgerEntryView } from "@/lib/schemas/operator-serializers";
import { getAccount } from "@/lib/core/accounts/get-account";
import { listTransactions } from "@/lib/core/accounts/list-transactions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(accountLedgerRoute, async ({ ctx, params, query }) => {
    await getAccount(ctx, params.id);
    const { total, rows } = await listTransactions(ctx, { accountId: params.id, ...query });
    return pageOf(rows.map(toLedgerEntryView), total, query.page, query.size);
  }),
});
