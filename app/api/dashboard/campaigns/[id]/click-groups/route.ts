// POST /api/dashboard/campaigns/{id}/click-groups — a contact group of the campaign's clickers (or of the others)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { clickGroupRoute } from "@/lib/schemas/links";
import { groupClickers } from "@/lib/core/links/group-clickers";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(clickGroupRoute, async ({ ctx, principal, params, body }) => groupClickers(ctx, principal.accountId, { campaignId: params.id, name: body.name, clicked: body.clicked })),
});
