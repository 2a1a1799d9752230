// GET /api/dashboard/numbers — the account's rented numbers; POST — rent one (owner, marketer)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { dashboardRentedListRoute, dashboardRentRoute } from "@/lib/schemas/numbers";
import { listRentedNumbers } from "@/lib/core/numbers/list-rented-numbers";
import { rentNumber } from "@/lib/core/numbers/rent-number";

export const { PUT, PATCH, DELETE, GET, POST } = methods({
  GET: withApi(dashboardRentedListRoute, async ({ ctx, principal, query }) => {
    const { total, content } = await listRentedNumbers(ctx, { accountId: principal.accountId, page: query.page, size: query.size });
    const pools = await ctx.db.numberPool.findMany({ where: { accountId: principal.accountId }, select: { id: true, name: true } });
    const names = new Map(pools.map((p) => [p.id, p.name]));
    return pageOf(
      content.map((n) => ({ ...n, poolName: names.get(n.poolId) ?? "" })),
      total,
      query.page,
      query.size,
    );
  }),
  POST: withApi(dashboardRentRoute, ({ ctx, principal, body }) => rentNumber(ctx, { ...body, accountId: principal.accountId })),
});
