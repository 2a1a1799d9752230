// POST /api/webhooks/replays — replay a selection, or what a filter matches (count, then confirm)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { actingAs } from "@/lib/http/acting-as";
import { replayDeliveriesRoute } from "@/lib/schemas/webhooks";
import { replayCallbacks } from "@/lib/core/callbacks/replay-callbacks";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  POST: withApi(replayDeliveriesRoute, ({ ctx, principal, body }) => replayCallbacks(ctx, { ...body, accountId: principal.accountId, by: actingAs(principal) })),
});
