// POST /api/dashboard/webhooks/replays — replay the selection or the filter's failed callbacks
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { actingAs } from "@/lib/http/acting-as";
import { dashReplayDeliveriesRoute } from "@/lib/schemas/webhooks";
import { replayCallbacks } from "@/lib/core/callbacks/replay-callbacks";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  POST: withApi(dashReplayDeliveriesRoute, ({ ctx, principal, body }) => replayCallbacks(ctx, { ...body, accountId: principal.accountId, by: actingAs(principal) })),
});
