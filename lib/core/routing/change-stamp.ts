// The updated_at a routing change writes. Workers notice a change by the route table's version
// (lib/core/routing/route-table.ts: row counts and the latest updated_at), so a change must move
// the latest one: "now" is not enough when another instance's clock runs ahead, or when two
// changes fall in the same millisecond (or a test's fixed clock).
import type { Ctx, Tx } from "../context.ts";

export async function changeStamp(ctx: Pick<Ctx, "now">, db: Tx, table: "connectors" | "routes"): Promise<Date> {
  const now = ctx.now();
  const latest = table === "connectors" ? (await db.connector.aggregate({ _max: { updatedAt: true } }))._max.updatedAt : (await db.route.aggregate({ _max: { updatedAt: true } }))._max.updatedAt;
  return latest && latest.getTime() >= now.getTime() ? new Date(latest.getTime() + 1) : now;
}
