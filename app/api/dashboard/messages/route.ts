// GET /api/dashboard/messages — the account's latest messages, paged, for Compose's recent list
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { listMessagesRoute } from "@/lib/schemas/dashboard-sms";
import { listMessages } from "@/lib/core/tracking/get-message";
import { messageSummary } from "@/lib/schemas/dashboard-sms-serializers";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(listMessagesRoute, async ({ ctx, principal, query }) => {
    const { total, rows } = await listMessages(ctx, { accountId: principal.accountId, page: query.page, size: query.size });
    return pageOf(rows.map(messageSummary), total, query.page, query.size);
  }),
});
