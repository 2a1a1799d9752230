// POST /api/dashboard/contacts/groups/merge — a new group with every contact of the chosen ones
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { mergeDashboardGroupsRoute } from "@/lib/schemas/dashboard-contacts";
import { mergeGroups } from "@/lib/core/contacts/combine-groups";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(mergeDashboardGroupsRoute, ({ ctx, principal, body }) => mergeGroups(ctx, principal.accountId, body)),
});
