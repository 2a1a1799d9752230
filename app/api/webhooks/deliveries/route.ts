// GET /api/webhooks/deliveries — the delivery log, newest first, by cursor
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { listDeliveriesRoute } from "@/lib/schemas/webhooks";
import { listDeliveries } from "@/lib/core/callbacks/list-deliveries";
import { deliveryPageView } from "@/lib/schemas/webhooks-serializers";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  GET: withApi(listDeliveriesRoute, async ({ ctx, principal, query: { cursor, size, ...filter } }) =>
    deliveryPageView(await listDeliveries(ctx, { accountId: principal.accountId, filter, size, cursor })),
  ),
});
