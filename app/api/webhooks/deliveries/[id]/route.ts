// GET /api/webhooks/deliveries/{id} — one callback with every attempt (request and answer)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { readDeliveryRoute } from "@/lib/schemas/webhooks";
import { readDelivery } from "@/lib/core/callbacks/read-delivery";
import { deliveryDetailView } from "@/lib/schemas/webhooks-serializers";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  GET: withApi(readDeliveryRoute, async ({ ctx, principal, params }) => deliveryDetailView(await readDelivery(ctx, { accountId: principal.accountId, id: params.id }))),
});
