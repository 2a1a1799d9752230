// POST /api/groups/my/difference — a new group: the first group less the others
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { differenceGroupsRoute } from "@/lib/schemas/contact-groups";
import { differenceGroups } from "@/lib/core/contacts/combine-groups";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(differenceGroupsRoute, ({ ctx, principal, body }) => differenceGroups(ctx, principal.accountId, body)),
});
