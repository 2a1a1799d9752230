// GET /api/dashboard/webhooks/deliveries — the Webhooks page's log
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { dashListDeliveriesRoute } from "@/lib/schemas/webhooks";
import { listDeliveries } from "@/lib/core/callbacks/list-deliveries";
import { deliveryPageView } from "@/lib/schemas/webhooks-serializers";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  GET: withApi(dashListDeliveriesRoute, async ({ ctx, principal, query: { cursor, size, ...filter } }) =>
    deliveryPageView(await listDeliveries(ctx, { accountId: principal.accountId, filter, size, cursor })),
  ),
});
