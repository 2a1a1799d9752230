// POST /api/webhooks/deliveries/{id}/replay — replay one callback (same webhook-id)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { actingAs } from "@/lib/http/acting-as";
import { replayDeliveryRoute } from "@/lib/schemas/webhooks";
import { replayCallback } from "@/lib/core/callbacks/replay-callback";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  POST: withApi(replayDeliveryRoute, ({ ctx, principal, params }) => replayCallback(ctx, { accountId: principal.accountId, id: params.id, by: actingAs(principal) })),
});
