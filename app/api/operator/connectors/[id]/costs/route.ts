// GET /api/operator/connectors/{id}/costs — a connector's costs (?format=csv: the file); PUT — replace them from CSV
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { importCostsRoute, listCostsRoute } from "@/lib/schemas/connectors";
import { exportConnectorCosts, importConnectorCosts, listConnectorCosts } from "@/lib/core/routing/connector-costs";

export const { POST, PATCH, DELETE, GET, PUT } = methods({
  GET: withApi(listCostsRoute, async ({ ctx, params, query }) => {
    if (query.format !== "csv") return { content: await listConnectorCosts(ctx, params.id) };
    const { name, csv } = await exportConnectorCosts(ctx, params.id);
    return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="costs-${name}.csv"` } });
  }),
  PUT: withApi(importCostsRoute, ({ ctx, params, body }) => importConnectorCosts(ctx, params.id, body.csv)),
});
