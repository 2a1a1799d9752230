// GET /api/groups/my/page — a page of groups with their sizes
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { groupsPageRoute } from "@/lib/schemas/contact-groups";
import { listGroupsPage } from "@/lib/core/contacts/list-groups";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(groupsPageRoute, async ({ ctx, principal, query }) => {
    const { total, rows } = await listGroupsPage(ctx, principal.accountId, query);
    return pageOf(rows, total, query.page, query.size);
  }),
});
