// POST /api/dashboard/webhooks/deliveries/{id}/replay — the drawer's Replay button
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { actingAs } from "@/lib/http/acting-as";
import { dashReplayDeliveryRoute } from "@/lib/schemas/webhooks";
import { replayCallback } from "@/lib/core/callbacks/replay-callback";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  POST: withApi(dashReplayDeliveryRoute, ({ ctx, principal, params }) => replayCallback(ctx, { accountId: principal.accountId, id: params.id, by: actingAs(principal) })),
});
