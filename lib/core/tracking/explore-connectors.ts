// The connector of each part in the tracking explorer: its name for the column, and the filter
// by name. A part records only its connector's id (message_parts.connector_id); names come from
// the small connectors table, read once per search rather than joined per row, so the explorer's
// plans (newest parts first through (account_id, created_at), stopping at a page) stay as they were.
import type { Ctx } from "../context.ts";
import { NO_CONNECTOR, type ExploreFilter, type ExploreOperator } from "./explore-fields.ts";

export type ConnectorNames = Map<string, string>;

/** Every connector's name by id. */
export async function connectorNames(ctx: Pick<Ctx, "sql">): Promise<ConnectorNames> {
  const { rows } = await ctx.sql.query<{ id: string; name: string }>(`SELECT id, name FROM connectors`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The connectors' names, in order: the explorer's filter offers them. */
export async function listConnectorNames(ctx: Pick<Ctx, "sql">): Promise<string[]> {
  const { rows } = await ctx.sql.query<{ name: string }>(`SELECT name FROM connectors ORDER BY lower(name), name`);
  return rows.map((r) => r.name);
}

/** A part's connector as the explorer shows it: its name, "" for none, and a removed one by its id. */
export function connectorName(names: ConnectorNames, id: string | null): string {
  if (!id) return "";
  return names.get(id) ?? `removed ${id.slice(0, 8)}`;
}

/** The ids of the connectors whose names match `value` (compared without regard to case). */
export function matchingConnectors(names: ConnectorNames, op: ExploreOperator, value: string): string[] {
  const v = value.trim().toLowerCase();
  const test: Record<ExploreOperator, (name: string) => boolean> = {
    is: (n) => n === v,
    is_not: (n) => n === v,
    contains: (n) => n.includes(v),
    starts_with: (n) => n.startsWith(v),
    ends_with: (n) => n.endsWith(v),
  };
  return [...names].filter(([, name]) => test[op](name.toLowerCase())).map(([id]) => id);
}

/**
 * The condition on the part's own connector_id for a filter by connector name: the names it
 * matches become their ids, compared as values (so the planner's statistics of the column
 * apply, and no join or subquery per part). "none" means no connector; "is not X" keeps the
 * parts without one, as "campaign is not X" keeps single messages.
 */
export function connectorCondition(f: ExploreFilter, names: ConnectorNames, add: (v: unknown) => string): string {
  const negated = f.op === "is_not";
  if (f.value.trim().toLowerCase() === NO_CONNECTOR && (f.op === "is" || negated)) return negated ? "p.connector_id IS NOT NULL" : "p.connector_id IS NULL";
  const ids = matchingConnectors(names, f.op, f.value);
  if (ids.length === 0) return negated ? "true" : "false";
  const one = ids.length === 1;
  const v = one ? `${add(ids[0])}::uuid` : `${add(ids)}::uuid[]`;
  if (negated) return `(p.connector_id IS NULL OR p.connector_id ${one ? `<> ${v}` : `<> ALL(${v})`})`;
  return one ? `p.connector_id = ${v}` : `p.connector_id = ANY(${v})`;
}
