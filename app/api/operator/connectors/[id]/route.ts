// GET, PATCH, DELETE /api/operator/connectors/{id} — one connector: read, edit, delete (platform administrators)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { deleteConnectorRoute, getConnectorRoute, updateConnectorRoute } from "@/lib/schemas/connectors";
import { connectorResource } from "@/lib/schemas/connectors-serializers";
import { deleteConnector, findConnector, routeCounts, updateConnector } from "@/lib/core/routing/manage-connectors";

export const { POST, PUT, GET, PATCH, DELETE } = methods({
  GET: withApi(getConnectorRoute, async ({ ctx, params }) => {
    const c = await findConnector(ctx, params.id);
    return connectorResource(c, (await routeCounts(ctx)).get(c.id));
  }),
  PATCH: withApi(updateConnectorRoute, ({ ctx, params, body }) => updateConnector(ctx, params.id, body)),
  DELETE: withApi(deleteConnectorRoute, ({ ctx, params }) => deleteConnector(ctx, params.id)),
});
