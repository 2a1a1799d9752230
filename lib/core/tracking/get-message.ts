// One message of an account with its parts, status events and callbacks (each with its
// attempts), for the dashboard's message page. Another account's message is "not found".
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";

export async function getMessage(ctx: Ctx, accountId: string, trackingId: string) {
  if (!isUuid(trackingId)) fail("trackingNotFound");
  const message = await ctx.db.message.findFirst({ where: { id: trackingId, accountId } });
  if (!message) fail("trackingNotFound");
  const [parts, events, callbacks] = await Promise.all([
    ctx.db.messagePart.findMany({ where: { messageId: message.id, accountId }, orderBy: { partNumber: "asc" } }),
    ctx.db.messageEvent.findMany({ where: { messageId: message.id }, orderBy: [{ at: "asc" }] }),
    ctx.db.callback.findMany({
      where: { messageId: message.id, accountId },
      include: { attemptLog: { orderBy: { attempt: "asc" } } },
      orderBy: [{ createdAt: "desc" }],
    }),
  ]);
  return { message, parts, events, callbacks };
}

export async function listMessages(ctx: Ctx, input: { accountId: string; page: number; size: number }) {
  const where = { accountId: input.accountId };
  const [total, rows] = await Promise.all([
    ctx.db.message.count({ where }),
    ctx.db.message.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: input.page * input.size, take: input.size }),
  ]);
  return { total, rows };
}
