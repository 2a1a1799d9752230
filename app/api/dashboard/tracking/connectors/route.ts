// GET /api/dashboard/tracking/connectors — the connectors' names, for the explorer's connector filter
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { trackingConnectorsRoute } from "@/lib/schemas/dashboard-tracking";
import { listConnectorNames } from "@/lib/core/tracking/explore-connectors";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(trackingConnectorsRoute, async ({ ctx }) => ({ connectors: await listConnectorNames(ctx) })),
});
