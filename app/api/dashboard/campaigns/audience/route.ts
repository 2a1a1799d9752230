// GET /api/dashboard/campaigns/audience — the composer's groups (with sizes), labels and balance
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { audienceRoute } from "@/lib/schemas/dashboard-campaigns";
import { groupSizes, listGroups } from "@/lib/core/contacts/list-groups";
import { listLabels } from "@/lib/core/contacts/list-labels";
import { DEFAULT_LABELS, GROUP_ALL } from "@/lib/core/contacts/model";
import { getAccount } from "@/lib/core/accounts/get-account";
import { fromMicros } from "@/lib/money";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(audienceRoute, async ({ ctx, principal }) => {
    const [account, groups, labels] = await Promise.all([getAccount(ctx, principal.accountId), listGroups(ctx, principal.accountId), listLabels(ctx, principal.accountId)]);
    const sizes = await groupSizes(
      ctx,
      principal.accountId,
      groups.map((g) => g.name),
    );
    const custom = Object.entries(labels).filter(([name]) => !Object.hasOwn(DEFAULT_LABELS, name));
    return {
      groups: groups.map((g) => ({ name: g.name, size: sizes.get(g.name) ?? 0 })),
      labels: [{ name: "firstName", type: "Text", custom: false }, { name: "lastName", type: "Text", custom: false }, ...custom.map(([name, type]) => ({ name, type, custom: true }))],
      contactCount: sizes.get(GROUP_ALL) ?? 0,
      balance: fromMicros(account.balanceMicros),
      currency: account.currency,
      shortLinkBase: ctx.config.shortLinkBase,
    };
  }),
});
