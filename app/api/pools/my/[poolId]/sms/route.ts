// POST /api/pools/my/{poolId}/sms — send an SMS from a number the pool chooses
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { sendPoolSmsRoute } from "@/lib/schemas/pools";
import { sendPoolSms } from "@/lib/core/pools/send-pool-sms";
import { smsResource } from "@/lib/schemas/sms-serializers";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(sendPoolSmsRoute, async ({ ctx, principal, params, body }) => {
    const { message, pool } = await sendPoolSms(ctx, {
      ...body,
      poolId: params.poolId,
      accountId: principal.accountId,
      currency: principal.currency,
      application: { id: principal.applicationId, name: principal.applicationName, ...principal.defaults },
    });
    return { ...smsResource(message), ...pool };
  }),
});
