// POST /api/operator/route-test — the connector a message would go to, and the rule that chose it
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { testRouteRoute } from "@/lib/schemas/routes";
import { testRoute } from "@/lib/core/routing/test-route";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(testRouteRoute, ({ ctx, body }) => testRoute(ctx, body)),
});
