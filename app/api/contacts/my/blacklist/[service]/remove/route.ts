// POST /api/contacts/my/blacklist/{service}/remove — the WordPress plugin's DELETE of the blacklist
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { removeFromBlacklistAliasRoute } from "@/lib/schemas/contact-blacklist";
import { unblacklistContacts } from "@/lib/core/contacts/blacklist-contacts";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(removeFromBlacklistAliasRoute, async ({ ctx, principal, params, body }) => ({
    updated: await unblacklistContacts(ctx, principal.accountId, params.service, body),
  })),
});
