// GET /api/dashboard/numbers/{msisdn}/conversations/{correspondent} — the conversation; POST — reply from the number
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { dashboardConversationRoute, dashboardReplyRoute } from "@/lib/schemas/numbers";
import { getConversation, replyInConversation } from "@/lib/core/numbers/conversations";

export const { PUT, PATCH, DELETE, GET, POST } = methods({
  GET: withApi(dashboardConversationRoute, ({ ctx, principal, params }) => getConversation(ctx, { accountId: principal.accountId, ...params })),
  POST: withApi(dashboardReplyRoute, ({ ctx, principal, params, body }) => replyInConversation(ctx, { accountId: principal.accountId, ...params, body: body.body })),
});
