// POST /api/numbers/available/search — the catalogue's free numbers matching filters
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { searchAvailableRoute } from "@/lib/schemas/numbers";
import { listAvailableNumbers } from "@/lib/core/numbers/list-available-numbers";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(searchAvailableRoute, async ({ ctx, principal, query, body }) => {
    const { total, content } = await listAvailableNumbers(ctx, { accountId: principal.accountId, currency: principal.currency, filters: body, page: query.page, size: query.size, sort: query.sort });
    return pageOf(content, total, query.page, query.size);
  }),
});
