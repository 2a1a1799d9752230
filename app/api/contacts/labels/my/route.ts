// GET and POST /api/contacts/labels/my — the account's contact labels
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { createLabelsRoute, listLabelsRoute } from "@/lib/schemas/contacts";
import { listLabels } from "@/lib/core/contacts/list-labels";
import { createLabels } from "@/lib/core/contacts/create-labels";

export const { PUT, PATCH, DELETE, GET, POST } = methods({
  GET: withApi(listLabelsRoute, ({ ctx, principal }) => listLabels(ctx, principal.accountId)),
  POST: withApi(createLabelsRoute, ({ ctx, principal, body }) => createLabels(ctx, principal.accountId, body)),
});
