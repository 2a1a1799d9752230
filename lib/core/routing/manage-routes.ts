// The operator's routing rules: add, edit, move and delete, keeping positions 1..n in order.
// Each write runs under the routing lock (a route never names a connector being deleted), checks
// that its connectors and account exist, and moves updated_at so every worker's route table
// reads the change within a second.
import crypto from "node:crypto";
import type { Ctx, Tx } from "../context.ts";
import type { Route } from "../../db/generated/client.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import type { Strategy } from "./route-rules.ts";
import type { CreateRouteInput, UpdateRouteInput } from "../../schemas/routes.ts";
import { routeResource } from "../../schemas/routes-serializers.ts";
import { checkStrategy, normalizeRuleLists } from "./rule-fields.ts";
import { lockRouting } from "./routing-lock.ts";
import { changeStamp } from "./change-stamp.ts";

async function connectorNames(db: Tx): Promise<Map<string, string>> {
  return new Map((await db.connector.findMany({ select: { id: true, name: true } })).map((c) => [c.id, c.name]));
}

async function checkReferences(tx: Tx, names: ReadonlyMap<string, string>, rule: { connectorIds?: string[]; accountId?: string | null }) {
  for (const id of rule.connectorIds ?? [])
    if (!names.has(id))
      fail("connectorNotFound", { message: `There is no connector ${id}.`, property: "connectorIds", properties: { connectorIds: `No connector has the id ${id} (deleted meanwhile?).` }, value: id });
  const account = rule.accountId;
  if (account && !(isUuid(account) && (await tx.account.findUnique({ where: { id: account }, select: { id: true } }))))
    fail("accountNotFound", { message: `There is no account ${account}.`, property: "accountId", properties: { accountId: "No account has this id." } });
}

/** Writes positions 1..n for `ids` in that order, touching only rows that move. */
async function renumber(tx: Tx, ids: string[], before: ReadonlyMap<string, number>, stamp: Date) {
  for (const [i, id] of ids.entries()) if (before.get(id) !== i + 1) await tx.route.update({ where: { id }, data: { position: i + 1, updatedAt: stamp } });
}

async function ordered(tx: Tx): Promise<Route[]> {
  return tx.route.findMany({ orderBy: [{ position: "asc" }, { createdAt: "asc" }] });
}

/** Where `position` (1-based; past the end: last) puts a rule among `count` others. */
const slot = (position: number | undefined, count: number) => Math.min(Math.max((position ?? count + 1) - 1, 0), count);

export async function listRoutes(ctx: Ctx) {
  const [routes, names] = await Promise.all([ordered(ctx.db), connectorNames(ctx.db)]);
  return routes.map((r) => routeResource(r, names));
}

export async function getRoute(ctx: Ctx, id: string) {
  const r = isUuid(id) ? await ctx.db.route.findUnique({ where: { id } }) : null;
  if (!r) fail("routingRuleNotFound", { property: "id" });
  return routeResource(r, await connectorNames(ctx.db));
}

export async function createRoute(ctx: Ctx, input: CreateRouteInput) {
  const { position, ...fields } = normalizeRuleLists(input);
  const weights = fields.weights ?? [];
  const strategy: Strategy = fields.strategy ?? (weights.length ? "weights" : "priority");
  checkStrategy({ strategy, connectorIds: fields.connectorIds, weights });
  return ctx.db.$transaction(async (tx) => {
    await lockRouting(tx);
    const names = await connectorNames(tx);
    await checkReferences(tx, names, fields);
    const routes = await ordered(tx);
    const stamp = await changeStamp(ctx, tx, "routes");
    const id = crypto.randomUUID();
    const at = slot(position, routes.length);
    const created = await tx.route.create({ data: { ...fields, id, strategy, weights, position: at + 1, createdAt: stamp, updatedAt: stamp } });
    const ids = routes.map((r) => r.id);
    ids.splice(at, 0, id);
    await renumber(tx, ids, new Map([...routes.map((r) => [r.id, r.position] as const), [id, at + 1]]), stamp);
    return routeResource(created, names);
  });
}

export async function updateRoute(ctx: Ctx, id: string, input: UpdateRouteInput) {
  const { position, ...fields } = normalizeRuleLists(input);
  return ctx.db.$transaction(async (tx) => {
    await lockRouting(tx);
    const routes = await ordered(tx);
    const before = routes.find((r) => r.id === id);
    if (!before) fail("routingRuleNotFound", { property: "id" });
    const strategy: Strategy = fields.strategy ?? (fields.weights?.length ? "weights" : (before.strategy as Strategy));
    const weights = fields.weights ?? (strategy === "weights" ? before.weights : []);
    checkStrategy({ strategy, connectorIds: fields.connectorIds ?? before.connectorIds, weights });
    const names = await connectorNames(tx);
    await checkReferences(tx, names, fields);
    const stamp = await changeStamp(ctx, tx, "routes");
    const data = { ...fields, strategy, weights, updatedAt: stamp };
    let updated = await tx.route.update({ where: { id }, data });
    if (position !== undefined) {
      const ids = routes.map((r) => r.id).filter((r) => r !== id);
      ids.splice(slot(position, ids.length), 0, id);
      await renumber(tx, ids, new Map(routes.map((r) => [r.id, r.position])), stamp);
      updated = (await tx.route.findUnique({ where: { id } }))!;
    }
    return routeResource(updated, names);
  });
}

export async function deleteRoute(ctx: Ctx, id: string): Promise<{ id: string; removed: true }> {
  await ctx.db.$transaction(async (tx) => {
    await lockRouting(tx);
    const routes = await ordered(tx);
    if (!routes.some((r) => r.id === id)) fail("routingRuleNotFound", { property: "id" });
    await tx.route.delete({ where: { id } });
    const rest = routes.filter((r) => r.id !== id);
    await renumber(
      tx,
      rest.map((r) => r.id),
      new Map(rest.map((r) => [r.id, r.position])),
      await changeStamp(ctx, tx, "routes"),
    );
  });
  return { id, removed: true };
}
