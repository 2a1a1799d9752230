// GET, POST /api/dashboard/otp — the account's OTP flows, and starting a test flow
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { listFlowsRoute, startTestFlowRoute } from "@/lib/schemas/otp";
import { listFlows } from "@/lib/core/otp/list-flows";
import { sendFailover } from "@/lib/core/otp/send-failover";
import { getAccount } from "@/lib/core/accounts/get-account";

export const { PUT, PATCH, DELETE, GET, POST } = methods({
  GET: withApi(listFlowsRoute, async ({ ctx, principal, query }) => {
    const { total, rows } = await listFlows(ctx, principal.accountId, query);
    return pageOf(rows, total, query.page, query.size);
  }),
  POST: withApi(startTestFlowRoute, async ({ ctx, principal, body }) => {
    const { currency } = await getAccount(ctx, principal.accountId);
    return sendFailover(ctx, { accountId: principal.accountId, currency, body });
  }),
});
