// DELETE /api/contacts/my/blacklist/{service}/groups — take whole groups off a blacklist
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { removeGroupsFromBlacklistRoute } from "@/lib/schemas/contact-blacklist";
import { unblacklistGroups } from "@/lib/core/contacts/blacklist-contacts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: withApi(removeGroupsFromBlacklistRoute, async ({ ctx, principal, params, body }) => ({
    updated: await unblacklistGroups(ctx, principal.accountId, params.service, body),
  })),
});
