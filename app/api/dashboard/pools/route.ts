// GET /api/dashboard/pools — the account's pools; POST — create one (owner, marketer)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { dashboardCreatePoolRoute, dashboardPoolsRoute } from "@/lib/schemas/pools";
import { listPools } from "@/lib/core/pools/list-pools";
import { createPool } from "@/lib/core/pools/create-pool";

export const { PUT, PATCH, DELETE, GET, POST } = methods({
  GET: withApi(dashboardPoolsRoute, async ({ ctx, principal, query }) => {
    const { total, content } = await listPools(ctx, { accountId: principal.accountId, page: query.page, size: query.size });
    return pageOf(content, total, query.page, query.size);
  }),
  POST: withApi(dashboardCreatePoolRoute, ({ ctx, principal, body }) => createPool(ctx, { ...body, accountId: principal.accountId })),
});
