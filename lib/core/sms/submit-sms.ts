// Job sms.submit: hands a message's queued parts to the carrier. Accepted parts become Sent
// (and wait for their receipt by the SMSC's message id), rejected ones Failed; a carrier that
// is unreachable or throttling leaves them Queued and the job is retried. A part whose submit_sm
// may already have reached the SMSC (no answer came, or the previous attempt's worker died with
// it in flight) is flagged possible_duplicate before it is sent again. The worker hands a claimed
// batch over at once (submit-batch.ts); what it cannot take goes one message at a time (below).
import crypto from "node:crypto";
import { z } from "zod";
import { defineJob } from "../../jobs/job.ts";
import { retries } from "../../jobs/job-shorthands.ts";
import { submitPartOf } from "./submit-part.ts";
import { recordPartStatus } from "./record-part-status.ts";
import { markPossibleDuplicates } from "./mark-possible-duplicates.ts";
import { rejected, sentToCarrier, unsent } from "./statuses.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import type { Ctx } from "../context.ts";
import type { BatchHandling, JobMeta } from "../../jobs/job.ts";
import { routeKeyOf, routeOf } from "./route-of.ts";
import { inSendTurn, markSubmitted, msUntilSendable, reserveSendSlots, SEND_INTERVAL_MS, sleep } from "./sender-pace.ts";
import { submitBatch } from "./submit-batch.ts";
import { carrierRate } from "./carrier-rate.ts";
import { textToSend } from "./secret-text.ts";

const batching: BatchHandling<{ messageId: string }> = {
  handleBatch: (ctx, jobs) => submitBatch(ctx, jobs, submitMessage),
  // One batch records its answers while the next one's parts go out.
  batchesInFlight: 2,
};

export const submitSms = Object.assign(
  defineJob({
    name: "sms.submit",
    payload: z.object({ messageId: z.uuid() }),
    ...retries(8, 2),
    // Enough to fill the windows of a few binds; fewer when the SMSC's rate is low (maxInHand).
    batchSize: 200,
    // A submit waits at most the carrier's submit timeout (30 s): a batch runs a minute at most.
    expireInSeconds: 60,
    // A worker that died holding a batch (up to 200 messages) leaves it to another within about
    // 12 s; a part that waited for a window slot meanwhile is not sent by the old one (cancelled).
    leaseSeconds: 10,
    // A stream of sends (each wakes the worker) goes in batches of several, not one by one.
    gatherMs: 25,
    // A batch runs within its expiry: a worker holds no more than about 20 s of its SMSC account's rate.
    maxInHand: async (_held, ctx) => {
      const perSecond = await carrierRate(ctx, 1);
      return Number.isFinite(perSecond) ? Math.max(10, Math.floor(perSecond * 20)) : Infinity;
    },
    handler: (ctx, { messageId }, meta) => submitMessage(ctx, messageId, meta),
  }),
  batching,
);

// A message from a rented number (1 SMS part per second, lib/core/numbers/send-pace.ts) whose
// slot is ahead waits here, not in sms.submit: many of these jobs wait at once, so a burst from
// one number holds up no other message.
export const submitPacedSms = defineJob({
  name: "sms.submit-paced",
  payload: z.object({ messageId: z.uuid(), slotAt: z.iso.datetime() }),
  ...retries(8, 2),
  batchSize: 50,
  concurrency: 50,
  expireInSeconds: 900,
  // A retry reserves a new slot: the one in the payload has passed.
  handler: (ctx, { messageId, slotAt }, meta) => submitMessage(ctx, messageId, meta, meta.retryCount === 0 ? new Date(slotAt) : undefined),
});

async function submitMessage(ctx: Ctx, messageId: string, meta: JobMeta, slotAt?: Date) {
  const message = await ctx.db.message.findUnique({
    where: { id: messageId },
    include: { messageParts: { where: { status: "Queued" }, orderBy: { partNumber: "asc" } } },
  });
  if (!message || message.messageParts.length === 0) return;
  // The previous attempt's worker died or stalled: its submit_sm may have gone out.
  if (meta.previousLost)
    await markPossibleDuplicates(
      ctx,
      message.messageParts.map((p) => p.id),
    );
  if (message.expiresAt <= ctx.now()) {
    await ctx.db.$transaction(async (tx) => {
      for (const p of message.messageParts) await recordPartStatus(ctx, tx, p.id, unsent("The ttl passed before the message could be sent"));
    });
    return;
  }
  // Only a digits-only sender can be a rented number; an alphanumeric one costs no query here.
  let paced = slotAt;
  if (!paced) {
    const slot = await reserveSendSlots(ctx, message.from, message.messageParts.length);
    if (slot && (slot.waitMs > 20 || message.messageParts.length > 1)) {
      await ctx.enqueue(null, submitPacedSms, { messageId, slotAt: slot.slotAt.toISOString() }, { startAfter: new Date(Date.now() + slot.waitMs - 2000) });
      ctx.wake(submitPacedSms);
      return;
    }
    paced = slot?.slotAt;
  }
  const carrier = await ctx.carrier();
  const route = routeKeyOf(message);
  const ref = crypto.randomInt(0, 256);
  let retry = "";
  const submitPart = async (part: (typeof message.messageParts)[number]) => {
    const submit = submitPartOf({ id: part.id, text: textToSend(ctx.config.authSecret, part), partNumber: part.partNumber }, message, ref, ctx.now());
    const result = await carrier.submit(submit, { route });
    if (!result.ok && result.maybeAccepted) await markPossibleDuplicates(ctx, [part.id]);
    if (!result.ok && result.retryable && meta.retryCount < meta.retryLimit) {
      retry = result.description;
      return;
    }
    await ctx.db.$transaction(
      (tx) =>
        result.ok
          ? recordPartStatus(ctx, tx, part.id, sentToCarrier, {
              smscMessageId: result.smscMessageId,
              submittedAt: ctx.now(),
              ...(result.possibleDuplicate ? { possibleDuplicate: true } : {}),
              ...routeOf(result),
            })
          : recordPartStatus(ctx, tx, part.id, result.retryable ? unsent(`The carrier kept refusing: ${result.description}`) : rejected(result.description), routeOf(result)),
      // The SMSC has answered: waiting for a busy pool's connection beats failing the job, whose
      // retry would send the part again (Prisma gives up after 2 s by default).
      { maxWait: 30_000 },
    );
  };
  if (paced) {
    // One part per slot, on the database's clock, and a second after the SMSC answered the last
    // one: asked again after each wait, as the part before may have left late while this one slept.
    // The last check and the send are one step per number in this process (inSendTurn).
    for (const [i, part] of message.messageParts.entries()) {
      const slot = new Date(paced.getTime() + i * SEND_INTERVAL_MS);
      for (let sent = false; !sent; ) {
        for (let ms = await msUntilSendable(ctx, message.from, slot); ms > 0; ms = await msUntilSendable(ctx, message.from, slot)) await sleep(ms);
        sent = await inSendTurn(message.from, async () => {
          if ((await msUntilSendable(ctx, message.from, slot)) > 0) return false;
          try {
            await submitPart(part);
          } finally {
            await markSubmitted(ctx, message.from);
          }
          return true;
        });
      }
    }
  } else await Promise.all(message.messageParts.map(submitPart));
  ctx.wake(deliverCallback);
  if (retry) throw new Error(`carrier asked to retry: ${retry}`);
}
