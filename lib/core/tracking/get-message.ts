// One message of an account with its parts (each with its route: connectors that refused it and
// the one that carried it), status events and callbacks (each with its attempts), for the
// dashboard's message page. Another account's message is "not found".
import type { Ctx } from "../context.ts";
import { pageWindow } from "../page-window.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import { queued, sentToCarrier } from "../sms/statuses.ts";
import { withRoutes } from "./part-route.ts";

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
  return { message, parts: await withRoutes(ctx, parts), events: withImpliedSteps(message, parts, events), callbacks };
}

type EventRow = Awaited<ReturnType<Ctx["db"]["messageEvent"]["findMany"]>>[number];
type PartRow = Awaited<ReturnType<Ctx["db"]["messagePart"]["findMany"]>>[number];

/**
 * Campaign messages do not store their Queued and Sent steps as events (send-campaign-batch.ts):
 * the message's creation and each part's submitted_at say when. The timeline shows them the same.
 */
export function withImpliedSteps(message: { id: string; createdAt: Date }, parts: PartRow[], events: EventRow[]): EventRow[] {
  const implied: EventRow[] = [];
  if (!events.some((e) => e.status === queued.status))
    implied.push({
      id: `queued-${message.id}`,
      messageId: message.id,
      partId: null,
      status: queued.status,
      detailedStatus: queued.detailedStatus,
      description: queued.description,
      at: message.createdAt,
    });
  for (const p of parts)
    if (p.submittedAt && !events.some((e) => e.status === sentToCarrier.status && (e.partId === p.id || e.partId === null)))
      implied.push({
        id: `sent-${p.id}`,
        messageId: message.id,
        partId: p.id,
        status: sentToCarrier.status,
        detailedStatus: sentToCarrier.detailedStatus,
        description: sentToCarrier.description,
        at: p.submittedAt,
      });
  if (implied.length === 0) return events;
  return [...implied, ...events].sort((a, b) => a.at.getTime() - b.at.getTime());
}

export async function listMessages(ctx: Ctx, input: { accountId: string; page: number; size: number }) {
  const where = { accountId: input.accountId };
  const [total, rows] = await Promise.all([ctx.db.message.count({ where }), ctx.db.message.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], ...pageWindow(input) })]);
  return { total, rows };
}
