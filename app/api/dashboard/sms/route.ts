// POST /api/dashboard/sms — send a single SMS from Compose, as the signed-in user's account
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { dashboardSendSmsRoute } from "@/lib/schemas/dashboard-sms";
import { sendSms } from "@/lib/core/sms/send-sms";
import { smsResource } from "@/lib/schemas/sms-serializers";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(dashboardSendSmsRoute, async ({ ctx, principal, body }) => {
    // No application: the account's own send, so no application callback or transcode default.
    const { message } = await sendSms(ctx, { ...body, accountId: principal.accountId, application: undefined });
    return smsResource(message);
  }),
});
