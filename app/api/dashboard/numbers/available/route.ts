// GET /api/dashboard/numbers/available — the catalogue search of the Numbers page, costs in the account's currency
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { dashboardAvailableRoute } from "@/lib/schemas/numbers";
import { listAvailableNumbers, type NumberFilter } from "@/lib/core/numbers/list-available-numbers";
import { getAccount } from "@/lib/core/accounts/get-account";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(dashboardAvailableRoute, async ({ ctx, principal, query }) => {
    const { currency } = await getAccount(ctx, principal.accountId);
    const filters: NumberFilter[] = [{ fieldName: "country", searchTerm: query.country }];
    const northAmerica = ["US", "CA"].includes(query.country.toUpperCase());
    if (query.type && northAmerica) filters.push({ fieldName: "type", searchTerm: query.type });
    if (query.service) filters.push({ fieldName: "service", searchTerm: query.service });
    if (query.areaCode && northAmerica) filters.push({ fieldName: "areaCode", searchTerm: query.areaCode, searchOperator: "starts_with" });
    if (query.contains) filters.push({ fieldName: "msisdn", searchTerm: query.contains, searchOperator: "contains" });
    const { total, content } = await listAvailableNumbers(ctx, { accountId: principal.accountId, currency, filters, page: query.page, size: query.size });
    return pageOf(content, total, query.page, query.size);
  }),
});
