// The connectors as the console's list shows them: settings, how many routes use each, and the
// live status every worker reports (table connector_status), so any web instance shows the same.
import type { Ctx } from "../context.ts";
import { connectorResource, connectorState, workerStatus } from "../../schemas/connectors-serializers.ts";
import { routeCounts } from "./manage-connectors.ts";

export async function listConnectors(ctx: Ctx) {
  const [connectors, counts] = await Promise.all([ctx.db.connector.findMany({ orderBy: { name: "asc" }, include: { status: { orderBy: { worker: "asc" } } } }), routeCounts(ctx)]);
  const now = ctx.now();
  return connectors.map(({ status, ...c }) => {
    const workers = status.map((s) => workerStatus(s, now));
    return { ...connectorResource(c, counts.get(c.id)), state: connectorState(c.enabled, workers), workers };
  });
}
