// POST /api/pools/my/{poolId}/numbers — add rented numbers to a pool
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { addPoolNumbersRoute } from "@/lib/schemas/pools";
import { addPoolNumbers } from "@/lib/core/pools/update-pool";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(addPoolNumbersRoute, ({ ctx, principal, params, body }) => addPoolNumbers(ctx, { accountId: principal.accountId, poolId: params.poolId, numbers: body.numbers })),
});
