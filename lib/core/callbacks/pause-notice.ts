// The e-mail to an account's owners when one of its endpoints pauses after failing (issue 20):
// which endpoint, its last error, how many callbacks wait, and a link to the Webhooks page. Once
// per pause, whichever process saw it: claiming the pause (pause_notice_at := paused_at) and
// queuing the e-mail commit together. It goes out as the account's e-mails do (email.send, to
// SMTP_URL or the bundled sink) and is listed among them. A pause by hand sends none (whoever
// paused knows: pauseEndpoint sets both).
import type { Ctx } from "../context.ts";
import { txSql } from "../../db/tx-sql.ts";
import { deliverEmail } from "../email/deliver-email.ts";
import { parseUrl } from "./url-guard.ts";

export interface PausedEndpoint {
  accountId: string;
  endpoint: string;
}

interface Claimed {
  last_error: string;
  last_status: number;
  consecutive_failures: number;
  failing_since: Date | null;
}

const CLAIM = `UPDATE webhook_endpoints SET pause_notice_at = paused_at
  WHERE account_id = $1::uuid AND endpoint = $2 AND paused_at IS NOT NULL AND pause_notice_at IS DISTINCT FROM paused_at
  RETURNING last_error, last_status, consecutive_failures, failing_since`;

/** E-mails the owners of each endpoint that paused and was not told of yet; a no-op for the others. */
export async function noticePauses(ctx: Ctx, endpoints: readonly PausedEndpoint[]): Promise<void> {
  const seen = new Set<string>();
  for (const e of endpoints) {
    const key = `${e.accountId} ${e.endpoint}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await noticePause(ctx, e);
  }
}

async function noticePause(ctx: Ctx, e: PausedEndpoint): Promise<void> {
  const owners = await ctx.db.user.findMany({ where: { accountId: e.accountId, role: "owner" }, select: { email: true, name: true }, orderBy: { createdAt: "asc" } });
  await ctx.enqueue.ready(); // before the transaction: PGlite runs nothing beside it
  const queued = await ctx.db.$transaction(async (tx) => {
    const { rows } = await txSql(tx).query<Claimed>(CLAIM, [e.accountId, e.endpoint]);
    const claimed = rows[0];
    if (!claimed || !owners.length) return false;
    const waiting = await tx.callback.count({ where: { accountId: e.accountId, endpoint: e.endpoint, state: "paused" } });
    const mail = pauseMail(ctx, e.endpoint, { ...claimed, waiting: Number(waiting) });
    const id = crypto.randomUUID();
    await tx.email.create({
      data: {
        id,
        accountId: e.accountId,
        from: { name: "Switchboard", address: `no-reply@${hostOf(ctx.config.publicUrl)}` },
        to: owners.map((o) => (o.name ? { name: o.name, address: o.email } : { address: o.email })),
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        trackLinks: false,
        trackOpens: false,
        createdAt: ctx.now(),
      },
    });
    await ctx.enqueue(tx, deliverEmail, { emailId: id });
    return true;
  });
  if (queued) ctx.wake(deliverEmail);
}

const hostOf = (url: string): string => parseUrl(url)?.hostname || "localhost";

/** The notice's subject and bodies (exported for its wording's test). */
export function pauseMail(ctx: Ctx, endpoint: string, c: Claimed & { waiting: number }) {
  const link = `${ctx.config.publicUrl}/webhooks?state=paused&host=${encodeURIComponent(hostOf(endpoint))}`;
  const error = c.last_error || (c.last_status ? `answered ${c.last_status}` : "no answer");
  const since = c.failing_since ? ` since ${new Date(c.failing_since).toISOString().replace("T", " ").slice(0, 16)} UTC` : "";
  const facts = [`Endpoint: ${endpoint}`, `Last error: ${error}`, `Consecutive failures: ${c.consecutive_failures}${since}`, `Callbacks waiting: ${c.waiting} (more wait as they come, none is lost)`];
  const text = [
    "Switchboard paused one of your webhook endpoints after it kept failing.",
    "",
    ...facts,
    "",
    `Fix the receiver, then resume the endpoint on the Webhooks page: every waiting callback is sent once, in order.`,
    link,
  ].join("\n");
  const html = `<p>Switchboard paused one of your webhook endpoints after it kept failing.</p>
<ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>
<p>Fix the receiver, then resume the endpoint on the <a href="${escapeHtml(link)}">Webhooks page</a>: every waiting callback is sent once, in order.</p>`;
  return { subject: `Webhook endpoint paused: ${endpoint}`.slice(0, 250), text, html };
}

function escapeHtml(s: string): string {
  return s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
