// What each connector charges per part, by country (or country and network): least-cost routes
// order their connectors by it, and a part records the cost of the one that carried it. An
// import replaces the connector's whole list (the file is the contract's price list).
import type { Ctx } from "../context.ts";
import { fromMicros } from "../../money.ts";
import { findConnector } from "./manage-connectors.ts";
import { changeStamp } from "./change-stamp.ts";
import { readCostCsv, writeCostCsv, type CostRow } from "./cost-csv.ts";

async function costRows(ctx: Ctx, connectorId: string): Promise<CostRow[]> {
  const rows = await ctx.db.connectorCost.findMany({ where: { connectorId }, orderBy: [{ iso: "asc" }, { network: "asc" }] });
  return rows.map((r) => ({ iso: r.iso.trim(), network: r.network, currency: r.currency.trim(), costMicros: r.costMicros }));
}

export async function listConnectorCosts(ctx: Ctx, connectorId: string) {
  const c = await findConnector(ctx, connectorId);
  return (await costRows(ctx, c.id)).map((r) => ({ country: r.iso, network: r.network, cost: fromMicros(r.costMicros), currency: r.currency }));
}

export async function exportConnectorCosts(ctx: Ctx, connectorId: string): Promise<{ name: string; csv: string }> {
  const c = await findConnector(ctx, connectorId);
  return { name: c.name, csv: writeCostCsv(await costRows(ctx, c.id)) };
}

/** Replaces the connector's costs with the file's rows, all or nothing. */
export async function importConnectorCosts(ctx: Ctx, connectorId: string, csv: string): Promise<{ imported: number }> {
  const c = await findConnector(ctx, connectorId);
  const rows = readCostCsv(csv);
  await ctx.db.$transaction(async (tx) => {
    await tx.connectorCost.deleteMany({ where: { connectorId: c.id } });
    await tx.connectorCost.createMany({ data: rows.map((r) => ({ connectorId: c.id, ...r })) });
    // The route table's version counts costs by their sum, which a swap of two rows keeps: the
    // connector's stamp makes sure every worker reads the new list.
    await tx.connector.update({ where: { id: c.id }, data: { updatedAt: await changeStamp(ctx, tx, "connectors") } });
  });
  return { imported: rows.length };
}
