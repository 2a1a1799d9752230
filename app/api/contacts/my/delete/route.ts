// POST /api/contacts/my/delete — the WordPress plugin's spelling of DELETE /api/contacts/my
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { deleteContactsAliasRoute } from "@/lib/schemas/contacts";
import { deleteContacts } from "@/lib/core/contacts/delete-contacts";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(deleteContactsAliasRoute, ({ ctx, principal, body }) => deleteContacts(ctx, principal.accountId, body)),
});
