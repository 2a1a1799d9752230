// GET /api/dashboard/me — the signed-in user, their account and its balance
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { meRoute } from "@/lib/schemas/applications";
import { getAccount } from "@/lib/core/accounts/get-account";
import { fromMicros } from "@/lib/money";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(meRoute, async ({ ctx, principal }) => {
    const account = await getAccount(ctx, principal.accountId);
    return {
      user: { id: principal.userId, email: principal.email, name: principal.name, role: principal.role, platformAdmin: principal.platformAdmin },
      account: { id: account.id, name: account.name, balance: fromMicros(account.balanceMicros), currency: account.currency },
    };
  }),
});
