// POST /api/operator/connectors/{id}/start — workers bind a stopped connector again
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { startConnectorRoute } from "@/lib/schemas/connectors";
import { setConnectorEnabled } from "@/lib/core/routing/manage-connectors";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(startConnectorRoute, ({ ctx, params }) => setConnectorEnabled(ctx, params.id, true)),
});
