// POST /api/pools/my — create a number pool; GET — the account's pools
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { createPoolRoute, listPoolsRoute } from "@/lib/schemas/pools";
import { createPool } from "@/lib/core/pools/create-pool";
import { listPools } from "@/lib/core/pools/list-pools";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  POST: withApi(createPoolRoute, ({ ctx, principal, body }) => createPool(ctx, { ...body, accountId: principal.accountId })),
  GET: withApi(listPoolsRoute, async ({ ctx, principal, query }) => {
    const { total, content } = await listPools(ctx, { accountId: principal.accountId, page: query.page, size: query.size });
    return pageOf(content, total, query.page, query.size);
  }),
});
