// GET /api/dashboard/campaigns/audience/contacts — contacts to pick or preview, by search, group or id
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { audienceContactsRoute } from "@/lib/schemas/dashboard-campaigns";
import { listContacts } from "@/lib/core/contacts/list-contacts";
import { loadLabelTypes, selectContacts } from "@/lib/core/contacts/contact-rows";
import { toContactView } from "@/lib/schemas/contacts-serializers";
import type { ContactView } from "@/lib/core/contacts/model";
import { isUuid } from "@/lib/ids";

/** A contact as the composer needs it: who, and the values personalisation reads. */
function audienceContact(c: ContactView) {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    mobile: c.mobile,
    country: c.country,
    groups: c.groups,
    blacklisted: c.blacklistedServices.includes("Sms"),
    values: { ...Object.fromEntries(c.labels.map((l) => [l.name, l.value])), firstName: c.firstName, lastName: c.lastName, mobile: c.mobile, email: c.email, country: c.country },
  };
}

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(audienceContactsRoute, async ({ ctx, principal, query }) => {
    if (query.ids !== undefined) {
      // Contacts already picked (a campaign being edited): the known ones, in the order given.
      const ids = [
        ...new Set(
          query.ids
            .split(",")
            .map((s) => s.trim().toLowerCase())
            .filter(isUuid),
        ),
      ].slice(0, 200);
      const [rows, types] = await Promise.all([selectContacts(ctx, principal.accountId, ids), loadLabelTypes(ctx, principal.accountId)]);
      const byId = new Map(rows.map((r) => [r.id, toContactView(r, types)]));
      const found = ids.flatMap((id) => (byId.has(id) ? [audienceContact(byId.get(id)!)] : []));
      return pageOf(found, found.length, 0, Math.max(1, found.length));
    }
    const { total, rows } = await listContacts(ctx, principal.accountId, { page: query.page, size: query.size, search: query.search, group: query.group || undefined });
    return pageOf(rows.map(audienceContact), total, query.page, query.size);
  }),
});
