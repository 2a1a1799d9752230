// Job email.send: speaks SMTP (nodemailer) to SMTP_URL or the bundled sink. The HTML goes as
// stored, base64-encoded so no transfer encoding touches a byte of it; the Message-ID names the
// email. A refusal is retried a few times, then the email is Failed.
import nodemailer from "nodemailer";
import { z } from "zod";
import { defineJob } from "../../jobs/job.ts";
import { retries } from "../../jobs/job-shorthands.ts";

type Mailbox = { address: string; name?: string };
const fmt = (m: Mailbox) => (m.name ? { name: m.name, address: m.address } : m.address);

const transports = new Map<string, nodemailer.Transporter>();
function transportFor(url: string): nodemailer.Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

export const deliverEmail = defineJob({
  name: "email.send",
  payload: z.object({ emailId: z.uuid() }),
  ...retries(4, 5),
  batchSize: 10,
  async handler(ctx, { emailId }, meta) {
    const e = await ctx.db.email.findUnique({ where: { id: emailId } });
    if (e?.status !== "Queued") return;
    const attachments = e.attachments as { filename: string; contentType: string; content: string }[];
    const url = ctx.smtpUrl();
    try {
      const info = await transportFor(url).sendMail({
        messageId: `<${e.id}@switchboard>`,
        from: fmt(e.from as Mailbox),
        to: (e.to as Mailbox[]).map(fmt),
        cc: (e.cc as Mailbox[]).map(fmt),
        bcc: (e.bcc as Mailbox[]).map(fmt),
        replyTo: (e.replyTo as Mailbox[]).map(fmt),
        subject: e.subject,
        // Base64 leaves every byte of the HTML as stored (7bit or quoted-printable would rewrite line endings).
        html: { content: e.html, contentTransferEncoding: "base64" } as unknown as string,
        text: e.text || undefined,
        attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, encoding: "base64" })),
      });
      await ctx.db.email.update({ where: { id: emailId }, data: { status: "Sent", sentAt: ctx.now(), smtpResponse: String(info.response ?? "").slice(0, 500), error: "" } });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (meta.retryCount < meta.retryLimit) {
        await ctx.db.email.update({ where: { id: emailId }, data: { error: message.slice(0, 500) } });
        throw err;
      }
      await ctx.db.email.update({ where: { id: emailId }, data: { status: "Failed", error: message.slice(0, 500) } });
    }
  },
});
