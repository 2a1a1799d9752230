// GET /api/dashboard/email/sink/{id} — one captured mail with its HTML, text and raw source
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { capturedDetailRoute } from "@/lib/schemas/email";
import { capturedMail } from "@/lib/core/email/list-captured";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(capturedDetailRoute, ({ ctx, principal, params }) => capturedMail(ctx, principal.accountId, params.id)),
});
