// POST /api/numbers/my — rent a number; GET — the account's rented numbers
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { listRentedRoute, rentNumberRoute } from "@/lib/schemas/numbers";
import { rentNumber } from "@/lib/core/numbers/rent-number";
import { listRentedNumbers } from "@/lib/core/numbers/list-rented-numbers";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  POST: withApi(rentNumberRoute, ({ ctx, principal, body }) => rentNumber(ctx, { ...body, accountId: principal.accountId })),
  GET: withApi(listRentedRoute, async ({ ctx, principal, query }) => {
    const { total, content } = await listRentedNumbers(ctx, { accountId: principal.accountId, page: query.page, size: query.size });
    return pageOf(content, total, query.page, query.size);
  }),
});
