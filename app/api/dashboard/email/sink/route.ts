// GET /api/dashboard/email/sink — the account's mail captured by the bundled SMTP sink
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { listCapturedRoute } from "@/lib/schemas/email";
import { listCaptured } from "@/lib/core/email/list-captured";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(listCapturedRoute, async ({ ctx, principal, query }) => {
    const { total, rows } = await listCaptured(ctx, principal.accountId, query);
    return pageOf(rows, total, query.page, query.size);
  }),
});
