// GET, POST and DELETE /api/contacts/my — list contacts, create one, delete several
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { createContactRoute, deleteContactsRoute, listContactsRoute } from "@/lib/schemas/contacts";
import { createContact } from "@/lib/core/contacts/create-contact";
import { listContacts } from "@/lib/core/contacts/list-contacts";
import { deleteContacts } from "@/lib/core/contacts/delete-contacts";

export const { PUT, PATCH, GET, POST, DELETE } = methods({
  GET: withApi(listContactsRoute, async ({ ctx, principal, query }) => {
    const { total, rows } = await listContacts(ctx, principal.accountId, query);
    return pageOf(rows, total, query.page, query.size);
  }),
  POST: withApi(createContactRoute, ({ ctx, principal, body }) => createContact(ctx, principal.accountId, body)),
  DELETE: withApi(deleteContactsRoute, ({ ctx, principal, body }) => deleteContacts(ctx, principal.accountId, body)),
});
