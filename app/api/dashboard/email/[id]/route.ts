// GET /api/dashboard/email/{id} — one email: HTML as sent, links, opens and clicks
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { emailDetailRoute } from "@/lib/schemas/email";
import { emailDetail } from "@/lib/core/email/email-detail";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(emailDetailRoute, ({ ctx, principal, params }) => emailDetail(ctx, principal.accountId, params.id)),
});
