// GET, PUT, DELETE /api/pools/my/{poolId} — read, update or delete a pool
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { deletePoolRoute, getPoolRoute, updatePoolRoute } from "@/lib/schemas/pools";
import { getPool } from "@/lib/core/pools/get-pool";
import { deletePool, updatePool } from "@/lib/core/pools/update-pool";

export const { POST, PATCH, GET, PUT, DELETE } = methods({
  GET: withApi(getPoolRoute, ({ ctx, principal, params }) => getPool(ctx, { accountId: principal.accountId, poolId: params.poolId })),
  PUT: withApi(updatePoolRoute, ({ ctx, principal, params, body }) => updatePool(ctx, { ...body, accountId: principal.accountId, poolId: params.poolId })),
  DELETE: withApi(deletePoolRoute, async ({ ctx, principal, params }) => {
    await deletePool(ctx, { accountId: principal.accountId, poolId: params.poolId });
    return new Response(null, { status: 200 });
  }),
});
