// POST /api/sms — send a single SMS
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { sendSmsRoute } from "@/lib/schemas/sms";
import { sendSms } from "@/lib/core/sms/send-sms";
import { smsResource } from "@/lib/schemas/sms-serializers";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(sendSmsRoute, async ({ ctx, principal, body }) => {
    const { message } = await sendSms(ctx, {
      ...body,
      accountId: principal.accountId,
      currency: principal.currency,
      application: { id: principal.applicationId, name: principal.applicationName, ...principal.defaults },
    });
    return smsResource(message);
  }),
});
