// Job sms.submit: hands a message's queued parts to the carrier. Accepted parts become Sent
// (and wait for their receipt by the SMSC's message id), rejected ones Failed; a carrier that
// is unreachable or throttling leaves them Queued and the job is retried.
import crypto from "node:crypto";
import { z } from "zod";
import { defineJob } from "../../jobs/job.ts";
import { getCarrier } from "../../carrier/registry.ts";
import type { SubmitPart } from "../../carrier/types.ts";
import { recordPartStatus } from "./record-part-status.ts";
import { rejected, sentToCarrier, unsent } from "./statuses.ts";
import { wakeWorkers } from "../../jobs/wake.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";

export const submitSms = defineJob({
  name: "sms.submit",
  payload: z.object({ messageId: z.uuid() }),
  retryLimit: 8,
  retryDelaySeconds: 2,
  retryBackoff: true,
  batchSize: 50,
  async handler(ctx, { messageId }, meta) {
    const message = await ctx.db.message.findUnique({
      where: { id: messageId },
      include: { messageParts: { where: { status: "Queued" }, orderBy: { partNumber: "asc" } } },
    });
    if (!message || message.messageParts.length === 0) return;
    if (message.expiresAt <= ctx.now()) {
      await ctx.db.$transaction(async (tx) => {
        for (const p of message.messageParts) await recordPartStatus(ctx, tx, p.id, unsent("The ttl passed before the message could be sent"));
      });
      return;
    }
    const carrier = await getCarrier();
    const ref = crypto.randomInt(0, 256);
    const remainingMinutes = Math.max(1, Math.ceil((message.expiresAt.getTime() - ctx.now().getTime()) / 60_000));
    let retry = "";
    await Promise.all(
      message.messageParts.map(async (part) => {
        const submit: SubmitPart = {
          partId: part.id,
          from: message.from,
          to: message.to,
          text: part.text,
          encoding: message.encoding === "ucs2" ? "ucs2" : "gsm7",
          concat: message.parts > 1 ? { ref, total: message.parts, seq: part.partNumber } : undefined,
          flash: message.flash,
          validityMinutes: remainingMinutes,
        };
        const result = await carrier.submit(submit);
        if (!result.ok && result.retryable && meta.retryCount < meta.retryLimit) {
          retry = result.description;
          return;
        }
        await ctx.db.$transaction((tx) =>
          result.ok
            ? recordPartStatus(ctx, tx, part.id, sentToCarrier, { smscMessageId: result.smscMessageId, submittedAt: ctx.now() })
            : recordPartStatus(ctx, tx, part.id, result.retryable ? unsent(`The carrier kept refusing: ${result.description}`) : rejected(result.description)),
        );
      }),
    );
    wakeWorkers(deliverCallback.name);
    if (retry) throw new Error(`carrier asked to retry: ${retry}`);
  },
});
