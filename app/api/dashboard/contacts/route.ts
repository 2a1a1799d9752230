// GET, POST /api/dashboard/contacts — the Contacts table (paged, searched, by group) and the create form
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { createDashboardContactRoute, listDashboardContactsRoute } from "@/lib/schemas/dashboard-contacts";
import { listContacts } from "@/lib/core/contacts/list-contacts";
import { createContact } from "@/lib/core/contacts/create-contact";
import { toDashboardContact } from "@/lib/schemas/dashboard-contacts-serializers";
import { contactInput } from "@/lib/schemas/dashboard-contacts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(listDashboardContactsRoute, async ({ ctx, principal, query }) => {
    const { total, rows, createdAt } = await listContacts(ctx, principal.accountId, query);
    return pageOf(
      rows.map((c) => toDashboardContact(c, createdAt.get(c.id))),
      total,
      query.page,
      query.size,
    );
  }),
  POST: withApi(createDashboardContactRoute, ({ ctx, principal, body }) => createContact(ctx, principal.accountId, contactInput(body))),
});
