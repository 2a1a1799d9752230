// POST /api/groups/my/merge — a new group from the union of groups
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { mergeGroupsRoute } from "@/lib/schemas/contact-groups";
import { mergeGroups } from "@/lib/core/contacts/combine-groups";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(mergeGroupsRoute, ({ ctx, principal, body }) => mergeGroups(ctx, principal.accountId, body)),
});
