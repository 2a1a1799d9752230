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

/**
 * The condition on the part's own connector_id for a filter by connector name: the names become
 * ids in an InitPlan run once (never a join per part). "none" means no connector; "is not X"
 * keeps the parts without one, as "campaign is not X" keeps single messages. `nameMatches`
 * writes the comparison of a name column with the filter's value (the explorer's text rules).
 */
export function connectorCondition(f: ExploreFilter, nameMatches: (expr: string, op: ExploreOperator) => string): string {
  if (f.value.trim().toLowerCase() === NO_CONNECTOR && (f.op === "is" || f.op === "is_not")) return f.op === "is" ? "p.connector_id IS NULL" : "p.connector_id IS NOT NULL";
  const ids = `ARRAY(SELECT c.id FROM connectors c WHERE ${nameMatches("c.name", f.op === "is_not" ? "is" : f.op)})`;
  return f.op === "is_not" ? `(p.connector_id IS NULL OR p.connector_id <> ALL(${ids}))` : `p.connector_id = ANY(${ids})`;
}
