// GET, PUT, DELETE /api/dashboard/pools/{poolId} — a pool of the Pools page
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { dashboardDeletePoolRoute, dashboardPoolRoute, dashboardUpdatePoolRoute } from "@/lib/schemas/pools";
import { getPool } from "@/lib/core/pools/get-pool";
import { deletePool, updatePool } from "@/lib/core/pools/update-pool";

export const { POST, PATCH, GET, PUT, DELETE } = methods({
  GET: withApi(dashboardPoolRoute, ({ ctx, principal, params }) => getPool(ctx, { accountId: principal.accountId, poolId: params.poolId })),
  PUT: withApi(dashboardUpdatePoolRoute, ({ ctx, principal, params, body }) => updatePool(ctx, { ...body, accountId: principal.accountId, poolId: params.poolId })),
  DELETE: withApi(dashboardDeletePoolRoute, ({ ctx, principal, params }) => deletePool(ctx, { accountId: principal.accountId, poolId: params.poolId })),
});
