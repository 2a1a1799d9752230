// GET, POST /api/dashboard/contacts/groups — groups with their sizes, and a new empty group
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { createDashboardGroupRoute, listDashboardGroupsRoute } from "@/lib/schemas/dashboard-contacts";
import { listGroupsPage } from "@/lib/core/contacts/list-groups";
import { createGroup } from "@/lib/core/contacts/create-group";
import { isVirtualGroup } from "@/lib/core/contacts/model";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(listDashboardGroupsRoute, async ({ ctx, principal, query }) => {
    const { total, rows } = await listGroupsPage(ctx, principal.accountId, query);
    return pageOf(
      rows.map((g) => ({ ...g, builtIn: isVirtualGroup(g.name) })),
      total,
      query.page,
      query.size,
    );
  }),
  POST: withApi(createDashboardGroupRoute, ({ ctx, principal, body }) => createGroup(ctx, principal.accountId, { name: body.name })),
});
