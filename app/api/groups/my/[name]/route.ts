// GET /api/groups/my/{name} — a group's size
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { getGroupRoute } from "@/lib/schemas/contact-groups";
import { getGroup } from "@/lib/core/contacts/list-groups";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(getGroupRoute, ({ ctx, principal, params }) => getGroup(ctx, principal.accountId, params.name)),
});
