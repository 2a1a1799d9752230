// GET, POST and DELETE /api/contacts/my/blacklist/{service} — a service's blacklist
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { addToBlacklistRoute, listBlacklistRoute, removeFromBlacklistRoute } from "@/lib/schemas/contact-blacklist";
import { blacklistContacts, unblacklistContacts } from "@/lib/core/contacts/blacklist-contacts";
import { listBlacklisted } from "@/lib/core/contacts/list-blacklisted";

export const { PUT, PATCH, GET, POST, DELETE } = methods({
  GET: withApi(listBlacklistRoute, ({ ctx, principal, params }) => listBlacklisted(ctx, principal.accountId, params.service)),
  POST: withApi(addToBlacklistRoute, async ({ ctx, principal, params, body }) => ({
    updated: await blacklistContacts(ctx, principal.accountId, params.service, body),
  })),
  DELETE: withApi(removeFromBlacklistRoute, async ({ ctx, principal, params, body }) => ({
    updated: await unblacklistContacts(ctx, principal.accountId, params.service, body),
  })),
});
