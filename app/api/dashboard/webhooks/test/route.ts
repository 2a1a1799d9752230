// POST /api/dashboard/webhooks/test — the test delivery form: a signed sample event to a URL
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { testDeliveryRoute } from "@/lib/schemas/webhooks";
import { testDelivery } from "@/lib/core/callbacks/test-delivery";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  POST: withApi(testDeliveryRoute, ({ ctx, principal, body }) => testDelivery(ctx, { accountId: principal.accountId, ...body })),
});
