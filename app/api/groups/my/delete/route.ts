// POST /api/groups/my/delete — the WordPress plugin's spelling of DELETE /api/groups/my
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { deleteGroupsAliasRoute } from "@/lib/schemas/contact-groups";
import { deleteGroups } from "@/lib/core/contacts/delete-groups";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(deleteGroupsAliasRoute, ({ ctx, principal, query, body }) => deleteGroups(ctx, principal.accountId, body, query)),
});
