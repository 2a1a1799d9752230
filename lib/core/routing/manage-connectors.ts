// The operator's connector operations: create, edit, stop, start and delete. Every change moves
// updated_at, which the route table's version includes, so each worker connects, reconnects or
// drops the connection within seconds. The password is sealed to the row and never answered.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import type { Prisma } from "../../db/generated/client.ts";
import { fail } from "../errors.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { isUuid } from "../../ids.ts";
import { seal } from "../secrets/seal.ts";
import type { CreateConnectorInput, UpdateConnectorInput } from "../../schemas/connectors.ts";
import { connectorResource } from "../../schemas/connectors-serializers.ts";
import { lockRouting } from "./routing-lock.ts";
import { changeStamp } from "./change-stamp.ts";
import { invalid } from "./checked.ts";

/** The seal's purpose for a connector's SMPP password (bound to the connector's id). */
export const CONNECTOR_PASSWORD = "connector-password";

function columnsOf(ctx: Ctx, id: string, input: UpdateConnectorInput): Prisma.ConnectorUncheckedUpdateInput {
  const { window, password, temporaryErrors, ...same } = input;
  return {
    ...same,
    ...(window !== undefined ? { windowSize: window } : {}),
    ...(password !== undefined ? { passwordSealed: seal(ctx.config.authSecret, CONNECTOR_PASSWORD, id, password) } : {}),
    ...(temporaryErrors !== undefined ? { temporaryErrors: [...new Set(temporaryErrors)] } : {}),
  };
}

/** A CA file is only read for TLS: one given without it is a mistake worth saying. */
function checkTls(c: { tls: boolean; caFile: string }) {
  if (c.caFile && !c.tls) invalid("caFile", "A CA file is only used with TLS: turn TLS on, or leave the CA file empty.");
}

function nameTaken(err: unknown): never {
  if (isUniqueViolation(err)) fail("connectorNameTaken", { property: "name" });
  throw err;
}

export async function findConnector(ctx: Ctx, id: string) {
  const c = isUuid(id) ? await ctx.db.connector.findUnique({ where: { id } }) : null;
  if (!c) fail("connectorNotFound", { property: "id" });
  return c;
}

export async function findConnectorByName(ctx: Ctx, name: string) {
  const c = await ctx.db.connector.findUnique({ where: { name } });
  if (!c) fail("connectorNotFound", { message: `There is no connector named "${name}".`, property: "name" });
  return c;
}

/** How many routes send through each connector. */
export async function routeCounts(ctx: Ctx): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const r of await ctx.db.route.findMany({ select: { connectorIds: true } })) for (const id of new Set(r.connectorIds)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

export async function createConnector(ctx: Ctx, input: CreateConnectorInput) {
  checkTls({ tls: input.tls ?? false, caFile: input.caFile ?? "" });
  const id = crypto.randomUUID();
  const now = await changeStamp(ctx, ctx.db, "connectors");
  try {
    const c = await ctx.db.connector.create({ data: { id, ...(columnsOf(ctx, id, input) as Prisma.ConnectorUncheckedCreateInput), name: input.name, createdAt: now, updatedAt: now } });
    return connectorResource(c);
  } catch (err) {
    nameTaken(err);
  }
}

export async function updateConnector(ctx: Ctx, id: string, input: UpdateConnectorInput) {
  const before = await findConnector(ctx, id);
  checkTls({ tls: input.tls ?? before.tls, caFile: input.caFile ?? before.caFile });
  try {
    const c = await ctx.db.connector.update({ where: { id: before.id }, data: { ...columnsOf(ctx, before.id, input), updatedAt: await changeStamp(ctx, ctx.db, "connectors") } });
    return connectorResource(c, (await routeCounts(ctx)).get(c.id));
  } catch (err) {
    nameTaken(err);
  }
}

/** Stop (workers unbind it; its routes fail over past it) or start again. */
export async function setConnectorEnabled(ctx: Ctx, id: string, enabled: boolean) {
  const before = await findConnector(ctx, id);
  const c = await ctx.db.connector.update({ where: { id: before.id }, data: { enabled, updatedAt: await changeStamp(ctx, ctx.db, "connectors") } });
  return connectorResource(c, (await routeCounts(ctx)).get(c.id));
}

/** Deletes a connector no route names (with its costs and status rows); 409 naming the routes otherwise. */
export async function deleteConnector(ctx: Ctx, id: string): Promise<{ id: string; name: string }> {
  const c = await findConnector(ctx, id);
  await ctx.db.$transaction(async (tx) => {
    await lockRouting(tx);
    const using = await tx.route.findMany({ where: { connectorIds: { has: c.id } }, select: { id: true, position: true }, orderBy: { position: "asc" } });
    if (using.length)
      fail("connectorInUse", {
        message: `Routes at position ${using.map((r) => r.position).join(", ")} send through ${c.name}: take it out of them, or delete them, first.`,
        property: "id",
        value: using.map((r) => r.id),
      });
    await tx.connector.deleteMany({ where: { id: c.id } });
  });
  return { id: c.id, name: c.name };
}
