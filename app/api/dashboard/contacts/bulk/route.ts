// POST /api/dashboard/contacts/bulk — an action on the contacts selected in the table
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { bulkContactsRoute, type BulkResult } from "@/lib/schemas/dashboard-contacts";
import { addContactsToGroup, removeContactsFromGroup } from "@/lib/core/contacts/group-contacts";
import { blacklistContacts, unblacklistContacts } from "@/lib/core/contacts/blacklist-contacts";
import { deleteContacts } from "@/lib/core/contacts/delete-contacts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(bulkContactsRoute, async ({ ctx, principal, body }): Promise<BulkResult> => {
    const acc = principal.accountId;
    const selected = new Set(body.ids.map((id) => id.toLowerCase())).size;
    switch (body.action) {
      case "addToGroup":
        return { affected: selected, group: await addContactsToGroup(ctx, acc, body.group, body.ids) };
      case "removeFromGroup":
        return { affected: selected, group: await removeContactsFromGroup(ctx, acc, body.group, body.ids) };
      case "blacklist":
        return { affected: await blacklistContacts(ctx, acc, body.service, body.ids) };
      case "unblacklist":
        return { affected: await unblacklistContacts(ctx, acc, body.service, body.ids) };
      case "delete":
        return { affected: (await deleteContacts(ctx, acc, body.ids)).length };
    }
  }),
});
