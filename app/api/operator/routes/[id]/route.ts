// GET, PATCH, DELETE /api/operator/routes/{id} — one routing rule: read, edit or move, delete (platform administrators)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { deleteRouteRoute, getRouteRoute, updateRouteRoute } from "@/lib/schemas/routes";
import { deleteRoute, getRoute, updateRoute } from "@/lib/core/routing/manage-routes";

export const { POST, PUT, GET, PATCH, DELETE } = methods({
  GET: withApi(getRouteRoute, ({ ctx, params }) => getRoute(ctx, params.id)),
  PATCH: withApi(updateRouteRoute, ({ ctx, params, body }) => updateRoute(ctx, params.id, body)),
  DELETE: withApi(deleteRouteRoute, ({ ctx, params }) => deleteRoute(ctx, params.id)),
});
