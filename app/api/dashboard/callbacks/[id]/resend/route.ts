// POST /api/dashboard/callbacks/{id}/resend — send a callback again, as a new callback
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { resendCallbackRoute } from "@/lib/schemas/dashboard-sms";
import { callbackView } from "@/lib/schemas/dashboard-sms-serializers";
import { resendCallback } from "@/lib/core/callbacks/resend-callback";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(resendCallbackRoute, async ({ ctx, principal, params }) => callbackView(await resendCallback(ctx, { accountId: principal.accountId, callbackId: params.id }))),
});
