// The dashboard's emails: a page of the account's emails, newest first.
import type { Ctx } from "../context.ts";
import { pageWindow } from "../page-window.ts";
import type { Email } from "../../db/generated/client.ts";
import type { EmailSummary } from "../../schemas/email.ts";

type Mailbox = { address: string };

export function emailSummary(e: Email): EmailSummary {
  return {
    trackingId: e.id,
    subject: e.subject,
    from: (e.from as Mailbox).address,
    to: (e.to as Mailbox[]).map((m) => m.address),
    status: e.status,
    createdAt: e.createdAt.toISOString(),
    sentAt: e.sentAt?.toISOString() ?? null,
    opens: e.opens,
    clicks: e.clicks,
    trackLinks: e.trackLinks,
    trackOpens: e.trackOpens,
  };
}

export async function listEmails(ctx: Ctx, accountId: string, q: { page: number; size: number }) {
  const [total, rows] = await Promise.all([ctx.db.email.count({ where: { accountId } }), ctx.db.email.findMany({ where: { accountId }, orderBy: { createdAt: "desc" }, ...pageWindow(q) })]);
  return { total, rows: rows.map(emailSummary) };
}
