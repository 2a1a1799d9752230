// GET /api/numbers/available — the catalogue's free numbers of a country
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { listAvailableRoute } from "@/lib/schemas/numbers";
import { listAvailableNumbers, type NumberFilter } from "@/lib/core/numbers/list-available-numbers";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(listAvailableRoute, async ({ ctx, principal, query }) => {
    const filters: NumberFilter[] = [];
    if (query.country) filters.push({ fieldName: "country", searchTerm: query.country });
    if (query.service) filters.push({ fieldName: "service", searchTerm: query.service });
    if (query.areaCode) filters.push({ fieldName: "areaCode", searchTerm: query.areaCode });
    if (query.type) filters.push({ fieldName: "type", searchTerm: query.type });
    const { total, content } = await listAvailableNumbers(ctx, { accountId: principal.accountId, currency: principal.currency, filters, page: query.page, size: query.size, sort: query.sort });
    return pageOf(content, total, query.page, query.size);
  }),
});
