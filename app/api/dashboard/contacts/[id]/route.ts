// PUT, DELETE /api/dashboard/contacts/{id} — edit or delete one contact from the Contacts page
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { deleteDashboardContactRoute, updateDashboardContactRoute } from "@/lib/schemas/dashboard-contacts";
import { updateContact } from "@/lib/core/contacts/update-contact";
import { deleteContact } from "@/lib/core/contacts/delete-contacts";
import { contactInput } from "@/lib/schemas/dashboard-contacts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: withApi(updateDashboardContactRoute, ({ ctx, principal, params, body }) => updateContact(ctx, principal.accountId, params.id, contactInput(body))),
  DELETE: withApi(deleteDashboardContactRoute, ({ ctx, principal, params }) => deleteContact(ctx, principal.accountId, params.id)),
});
