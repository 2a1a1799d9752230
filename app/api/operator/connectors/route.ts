// GET /api/operator/connectors — connectors with their live status; POST — add one (platform administrators)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { createConnectorRoute, listConnectorsRoute } from "@/lib/schemas/connectors";
import { listConnectors } from "@/lib/core/routing/list-connectors";
import { createConnector } from "@/lib/core/routing/manage-connectors";

export const { PUT, PATCH, DELETE, GET, POST } = methods({
  GET: withApi(listConnectorsRoute, async ({ ctx }) => ({ content: await listConnectors(ctx) })),
  POST: withApi(createConnectorRoute, ({ ctx, body }) => createConnector(ctx, body)),
});
