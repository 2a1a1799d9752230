// GET, POST /api/operator/accounts — every account of the platform, and opening one (operator)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { listOperatorAccountsRoute, openAccountRoute } from "@/lib/schemas/operator";
import { toOperatorAccountView } from "@/lib/schemas/operator-serializers";
import { listAccounts } from "@/lib/core/operator/list-accounts";
import { openAccount } from "@/lib/core/operator/open-account";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(listOperatorAccountsRoute, async ({ ctx, query }) => {
    const { total, rows } = await listAccounts(ctx, query);
    return pageOf(
      rows.map((r) => toOperatorAccountView(r.account, r)),
      total,
      query.page,
      query.size,
    );
  }),
  POST: withApi(openAccountRoute, async ({ ctx, body }) => {
    const { account, user, password } = await openAccount(ctx, {
      name: body.name,
      currency: body.currency,
      balanceMicros: body.balance,
      owner: { email: body.ownerEmail, name: body.ownerName, password: body.ownerPassword },
    });
    return { account: toOperatorAccountView(account, { users: 1, sent24h: 0, sent7d: 0 }), owner: { id: user.id, email: user.email }, ...(password ? { password } : {}) };
  }),
});
