// POST /transactional-email: checks the callback URLs, writes tracking into the HTML (links
// through /t/c/<linkId>.<signature>, one pixel /t/o/<emailId>) and stores the email with its links; the
// email.send job takes it to the SMTP server. What is stored is exactly what is sent.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { checkCallbackUrl } from "../callbacks/url-guard.ts";
import type { SendEmailBody } from "../../schemas/email.ts";
import { applyTracking, planTracking } from "./track-html.ts";
import { deliverEmail } from "./deliver-email.ts";
import { clickToken } from "./click-token.ts";
import { emailView } from "../../schemas/email-serializers.ts";

export const clickUrl = (ctx: Ctx, linkId: string) => `${ctx.config.publicUrl}/t/c/${clickToken(ctx.config.authSecret, linkId)}`;
export const pixelUrl = (ctx: Ctx, emailId: string) => `${ctx.config.publicUrl}/t/o/${emailId}`;

export async function sendEmail(ctx: Ctx, input: { accountId: string; applicationId?: string | null; body: SendEmailBody }) {
  const b = input.body;
  const events = b.callback?.eventCallback ?? {};
  for (const [name, url] of Object.entries(events)) {
    if (!url) continue;
    const problem = checkCallbackUrl(url, ctx.config.allowPrivateCallbackUrls);
    if (problem) fail("callbackUrlRefused", { message: `The callback URL ${problem}.`, property: `callback.eventCallback.${name}` });
  }
  const attachments = (b.attachments ?? []).map((a, i) => {
    const clean = a.content.replace(/\s+/g, "");
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0)
      fail("validation", { message: `Validation Error! attachments.${i}.content: not base64`, property: `attachments.${i}.content`, properties: { [`attachments.${i}.content`]: "not base64" } });
    return { filename: a.filename, contentType: a.contentType ?? "application/octet-stream", content: clean, size: Buffer.byteLength(clean, "base64") };
  });
  const id = crypto.randomUUID();
  const trackLinks = b.trackLinks ?? true;
  const trackOpens = b.trackOpens ?? true;
  const plan = trackLinks || trackOpens ? planTracking(b.content.html) : null;
  const links = trackLinks && plan ? plan.links.map((l) => ({ id: crypto.randomUUID(), emailId: id, position: l.position, url: l.url })) : [];
  const html = plan
    ? applyTracking(b.content.html, plan, {
        clickUrl: trackLinks ? (p) => clickUrl(ctx, links[p]!.id) : undefined,
        pixelUrl: trackOpens ? pixelUrl(ctx, id) : undefined,
      })
    : b.content.html;
  await ctx.enqueue.ready();
  const email = await ctx.db.$transaction(async (tx) => {
    const row = await tx.email.create({
      data: {
        id,
        accountId: input.accountId,
        applicationId: input.applicationId ?? null,
        from: b.from,
        to: b.to,
        cc: b.cc ?? [],
        bcc: b.bcc ?? [],
        replyTo: b.replyTo ?? [],
        subject: b.subject,
        html,
        text: b.content.text ?? b.text ?? "",
        attachments,
        trackLinks,
        trackOpens,
        onOpenUrl: events.onOpen ?? "",
        onClickUrl: events.onClick ?? "",
        createdAt: ctx.now(),
      },
    });
    if (links.length) await tx.emailLink.createMany({ data: links });
    await ctx.enqueue(tx, deliverEmail, { emailId: id });
    return row;
  });
  ctx.wake(deliverEmail);
  return emailView(email, links.length);
}
