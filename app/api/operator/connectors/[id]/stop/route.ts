// POST /api/operator/connectors/{id}/stop — workers unbind the connector; its routes fail over past it
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { stopConnectorRoute } from "@/lib/schemas/connectors";
import { setConnectorEnabled } from "@/lib/core/routing/manage-connectors";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(stopConnectorRoute, ({ ctx, params }) => setConnectorEnabled(ctx, params.id, false)),
});
