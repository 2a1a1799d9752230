// POST /api/dashboard/pools/{poolId}/sms — send an SMS through a pool from the Pools page
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { dashboardPoolSmsRoute } from "@/lib/schemas/pools";
import { sendPoolSms } from "@/lib/core/pools/send-pool-sms";
import { smsResource } from "@/lib/schemas/sms-serializers";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(dashboardPoolSmsRoute, async ({ ctx, principal, params, body }) => {
    const { message, pool, senderReason } = await sendPoolSms(ctx, { ...body, poolId: params.poolId, accountId: principal.accountId });
    return { ...smsResource(message), ...pool, senderReason };
  }),
});
