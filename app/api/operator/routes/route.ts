// GET /api/operator/routes — routing rules in the order they are tried; POST — add one (platform administrators)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { createRouteRoute, listRoutesRoute } from "@/lib/schemas/routes";
import { createRoute, listRoutes } from "@/lib/core/routing/manage-routes";

export const { PUT, PATCH, DELETE, GET, POST } = methods({
  GET: withApi(listRoutesRoute, async ({ ctx }) => ({ content: await listRoutes(ctx) })),
  POST: withApi(createRouteRoute, ({ ctx, body }) => createRoute(ctx, body)),
});
