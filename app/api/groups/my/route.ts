// GET, POST and DELETE /api/groups/my — list groups, create one, delete several
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { createGroupRoute, deleteGroupsRoute, listGroupsRoute } from "@/lib/schemas/contact-groups";
import { listGroups } from "@/lib/core/contacts/list-groups";
import { createGroup } from "@/lib/core/contacts/create-group";
import { deleteGroups } from "@/lib/core/contacts/delete-groups";

export const { PUT, PATCH, GET, POST, DELETE } = methods({
  GET: withApi(listGroupsRoute, ({ ctx, principal }) => listGroups(ctx, principal.accountId)),
  POST: withApi(createGroupRoute, ({ ctx, principal, body }) => createGroup(ctx, principal.accountId, body)),
  DELETE: withApi(deleteGroupsRoute, ({ ctx, principal, query, body }) => deleteGroups(ctx, principal.accountId, body, query)),
});
