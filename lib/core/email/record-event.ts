// An open (the pixel was fetched) or a click (a tracked link was followed): always recorded and
// logged; the email's onOpen / onClick URL gets a signed POST (a callback like the others:
// guarded, retried, every attempt kept). A click only ever leads to the link recorded for it.
import type { Ctx } from "../context.ts";
import { isUuid } from "../../ids.ts";
import { log } from "../../log/logger.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import { scheduleCallback } from "../callbacks/schedule-callback.ts";
import { linkOfToken } from "./click-token.ts";

type Mailbox = { address: string };
export interface Visitor {
  ip: string;
  userAgent: string;
}

function payload(e: { id: string; subject: string; to: unknown }, event: "open" | "click", at: Date, visitor: Visitor, url?: string) {
  return {
    trackingId: e.id,
    event,
    ...(url ? { url } : {}),
    subject: e.subject,
    to: (e.to as Mailbox[]).map((m) => m.address),
    date: at.toISOString(),
    ip: visitor.ip,
    userAgent: visitor.userAgent,
  };
}

export async function recordOpen(ctx: Ctx, emailId: string, visitor: Visitor): Promise<boolean> {
  if (!isUuid(emailId)) return false;
  const e = await ctx.db.email.findUnique({ where: { id: emailId }, select: { id: true, accountId: true, subject: true, to: true, onOpenUrl: true } });
  if (!e) return false;
  const at = ctx.now();
  if (e.onOpenUrl) await ctx.enqueue.ready();
  await ctx.db.$transaction(async (tx) => {
    await tx.emailEvent.create({ data: { emailId, accountId: e.accountId, kind: "open", ip: visitor.ip, userAgent: visitor.userAgent.slice(0, 500), at } });
    await tx.email.update({ where: { id: emailId }, data: { opens: { increment: 1 } } });
    if (e.onOpenUrl) await scheduleCallback(ctx, tx, { accountId: e.accountId, kind: "email.open", url: e.onOpenUrl, payload: payload(e, "open", at, visitor) });
  });
  log("info", "email opened", { emailId, accountId: e.accountId });
  if (e.onOpenUrl) ctx.wake(deliverCallback);
  return true;
}

/** The link's own URL, or null for a token that names no recorded link or is not signed (click-token.ts). */
export async function recordClick(ctx: Ctx, token: string, visitor: Visitor): Promise<string | null> {
  const linkId = linkOfToken(ctx.config.authSecret, token);
  if (!linkId || !isUuid(linkId)) return null;
  const link = await ctx.db.emailLink.findUnique({ where: { id: linkId } });
  if (!link) return null;
  const e = await ctx.db.email.findUnique({ where: { id: link.emailId }, select: { id: true, accountId: true, subject: true, to: true, onClickUrl: true } });
  if (!e) return null;
  const at = ctx.now();
  if (e.onClickUrl) await ctx.enqueue.ready();
  await ctx.db.$transaction(async (tx) => {
    await tx.emailEvent.create({ data: { emailId: e.id, accountId: e.accountId, kind: "click", linkId, url: link.url, ip: visitor.ip, userAgent: visitor.userAgent.slice(0, 500), at } });
    await tx.emailLink.update({ where: { id: linkId }, data: { clicks: { increment: 1 } } });
    await tx.email.update({ where: { id: e.id }, data: { clicks: { increment: 1 } } });
    if (e.onClickUrl) await scheduleCallback(ctx, tx, { accountId: e.accountId, kind: "email.click", url: e.onClickUrl, payload: payload(e, "click", at, visitor, link.url) });
  });
  log("info", "email link clicked", { emailId: e.id, accountId: e.accountId, linkId });
  if (e.onClickUrl) ctx.wake(deliverCallback);
  return link.url;
}
