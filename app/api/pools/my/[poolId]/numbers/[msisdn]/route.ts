// DELETE /api/pools/my/{poolId}/numbers/{msisdn} — take a number out of a pool
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { removePoolNumberRoute } from "@/lib/schemas/pools";
import { removePoolNumber } from "@/lib/core/pools/update-pool";

export const { GET, PUT, PATCH, POST, DELETE } = methods({
  DELETE: withApi(removePoolNumberRoute, ({ ctx, principal, params }) => removePoolNumber(ctx, { accountId: principal.accountId, poolId: params.poolId, msisdn: params.msisdn })),
});
