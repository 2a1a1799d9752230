// GET /api/dashboard/numbers/{msisdn}/conversations — the number's correspondents, latest first
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { dashboardConversationsRoute } from "@/lib/schemas/numbers";
import { listConversations } from "@/lib/core/numbers/conversations";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(dashboardConversationsRoute, async ({ ctx, principal, params, query }) => {
    const { total, content } = await listConversations(ctx, { accountId: principal.accountId, msisdn: params.msisdn, page: query.page, size: query.size });
    return pageOf(content, total, query.page, query.size);
  }),
});
