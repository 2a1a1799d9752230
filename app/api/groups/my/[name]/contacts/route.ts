// GET, POST and DELETE /api/groups/my/{name}/contacts — a group's contacts: page, add, take out
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { addGroupContactsRoute, groupContactsRoute, removeGroupContactsRoute } from "@/lib/schemas/contact-groups";
import { listContacts } from "@/lib/core/contacts/list-contacts";
import { addContactsToGroup, removeContactsFromGroup } from "@/lib/core/contacts/group-contacts";

export const { PUT, PATCH, GET, POST, DELETE } = methods({
  GET: withApi(groupContactsRoute, async ({ ctx, principal, params, query }) => {
    const { total, rows } = await listContacts(ctx, principal.accountId, { ...query, group: params.name });
    return pageOf(rows, total, query.page, query.size);
  }),
  POST: withApi(addGroupContactsRoute, ({ ctx, principal, params, body }) => addContactsToGroup(ctx, principal.accountId, params.name, body)),
  DELETE: withApi(removeGroupContactsRoute, ({ ctx, principal, params, body }) => removeContactsFromGroup(ctx, principal.accountId, params.name, body)),
});
