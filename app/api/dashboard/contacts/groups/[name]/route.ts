// DELETE /api/dashboard/contacts/groups/{name} — delete a group (and, when asked, its contacts)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { deleteDashboardGroupRoute } from "@/lib/schemas/dashboard-contacts";
import { deleteGroups } from "@/lib/core/contacts/delete-groups";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: withApi(deleteDashboardGroupRoute, async ({ ctx, principal, params, query }) => {
    const [deleted] = await deleteGroups(ctx, principal.accountId, [params.name], { deleteContacts: query.deleteContacts === "true" });
    return deleted;
  }),
});
