// The route a part took, for the message drawer: the connectors that refused it on the way
// (message_parts.route_hops, as the Router records them) and the one that carried it, by name.
import type { Ctx } from "../context.ts";
import type { RouteHop } from "../ports/carrier.ts";
import { connectorName } from "./explore-connectors.ts";

export type { RouteHop };

export interface PartRoute {
  /** The connector that carried the part; "" for none (not submitted yet, or a test carrier). */
  connector: string;
  /** The connectors that refused it before, in order, with why. */
  hops: RouteHop[];
}

/** The stored hops, read defensively: anything but [{connector, description}] items is left out. */
export function parseHops(json: unknown): RouteHop[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((h) =>
    h && typeof h === "object" && typeof (h as RouteHop).connector === "string" ? [{ connector: (h as RouteHop).connector, description: String((h as RouteHop).description ?? "") }] : [],
  );
}

/** Each part with its route; the connectors' names in one read of the parts' connectors. */
export async function withRoutes<P extends { connectorId: string | null; routeHops: unknown }>(ctx: Pick<Ctx, "db">, parts: P[]): Promise<(P & PartRoute)[]> {
  const ids = [...new Set(parts.flatMap((p) => (p.connectorId ? [p.connectorId] : [])))];
  const rows = ids.length ? await ctx.db.connector.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return parts.map((p) => ({ ...p, connector: connectorName(names, p.connectorId), hops: parseHops(p.routeHops) }));
}
