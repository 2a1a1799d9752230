// Routing rules to the answers of lib/schemas/routes.ts, with their connectors' names.
import type { Route } from "../db/generated/client.ts";
import { describeMatch } from "../core/routing/rule-fields.ts";

export function routeResource(r: Route, names: ReadonlyMap<string, string>) {
  return {
    id: r.id,
    position: r.position,
    name: r.name,
    accountId: r.accountId ?? "",
    country: r.country,
    prefix: r.prefix,
    network: r.network,
    kind: r.kind,
    senderType: r.senderType,
    strategy: r.strategy,
    connectorIds: r.connectorIds,
    connectors: r.connectorIds.map((id) => names.get(id) ?? id),
    weights: r.weights,
    enabled: r.enabled,
    match: describeMatch(r),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
