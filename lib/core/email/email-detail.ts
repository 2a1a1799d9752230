// One email for the dashboard: the HTML as sent, its links with their clicks, every open and
// click, both counted per minute (per hour past two days), and the event callbacks sent.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import type { EmailDetail } from "../../schemas/email.ts";
import { emailSummary } from "./list-emails.ts";

export function bucketEvents(events: { at: Date; kind: string }[]): EmailDetail["series"] {
  if (!events.length) return [];
  const span = events.at(-1)!.at.getTime() - events[0]!.at.getTime();
  const step = span > 2 * 86_400_000 ? 3_600_000 : 60_000;
  const buckets = new Map<number, { opens: number; clicks: number }>();
  for (const e of events) {
    const k = Math.floor(e.at.getTime() / step) * step;
    const b = buckets.get(k) ?? { opens: 0, clicks: 0 };
    if (e.kind === "open") b.opens += 1;
    else b.clicks += 1;
    buckets.set(k, b);
  }
  return [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => ({ at: new Date(k).toISOString(), ...v }));
}

export async function emailDetail(ctx: Ctx, accountId: string, id: string): Promise<EmailDetail> {
  if (!isUuid(id)) fail("emailNotFound", { property: "id" });
  const e = await ctx.db.email.findFirst({ where: { id, accountId } });
  if (!e) fail("emailNotFound", { property: "id" });
  const [links, events, callbacks] = await Promise.all([
    ctx.db.emailLink.findMany({ where: { emailId: id }, orderBy: { position: "asc" } }),
    ctx.db.emailEvent.findMany({ where: { emailId: id }, orderBy: { at: "asc" }, take: 5000 }),
    ctx.db.callback.findMany({
      where: { accountId, kind: { in: ["email.open", "email.click"] }, createdAt: { gte: e.createdAt }, payload: { path: ["trackingId"], equals: id } },
      orderBy: { createdAt: "asc" },
      take: 200,
    }),
  ]);
  return {
    ...emailSummary(e),
    html: e.html,
    text: e.text,
    error: e.error,
    links: links.map((l) => ({ position: l.position, url: l.url, clicks: l.clicks })),
    events: events.map((v) => ({ at: v.at.toISOString(), kind: v.kind, url: v.url, userAgent: v.userAgent })),
    series: bucketEvents(events),
    callbacks: callbacks.map((c) => ({ id: c.id, kind: c.kind, url: c.url, state: c.state, attempts: c.attempts, createdAt: c.createdAt.toISOString() })),
  };
}
