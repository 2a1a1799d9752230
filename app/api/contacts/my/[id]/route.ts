// GET, PUT and DELETE /api/contacts/my/{id} — one contact
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { deleteContactRoute, getContactRoute, updateContactRoute } from "@/lib/schemas/contacts";
import { getContact } from "@/lib/core/contacts/get-contact";
import { updateContact } from "@/lib/core/contacts/update-contact";
import { deleteContact } from "@/lib/core/contacts/delete-contacts";

export const { POST, PATCH, GET, PUT, DELETE } = methods({
  GET: withApi(getContactRoute, ({ ctx, principal, params }) => getContact(ctx, principal.accountId, params.id)),
  PUT: withApi(updateContactRoute, ({ ctx, principal, params, body }) => updateContact(ctx, principal.accountId, params.id, body)),
  DELETE: withApi(deleteContactRoute, ({ ctx, principal, params }) => deleteContact(ctx, principal.accountId, params.id)),
});
