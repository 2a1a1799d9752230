// Job callbacks.deliver-inbound: POSTs an inbound-SMS callback through the hardened client
// (outbound-http.ts: signed, SSRF-guarded, every attempt logged, like callbacks.deliver) with a
// 2 s limit; a failure schedules the next attempt on Routee's schedule (inbound-retry.ts) as a
// new job, in the transaction that logs the attempt, instead of the job engine's exponential
// retry. A refused URL or a 410 Gone ends the callback: failed, no retry.
import { z } from "zod";
import { defineJob } from "../../jobs/job.ts";
import { retries } from "../../jobs/job-shorthands.ts";
import { attemptColumns, postCallback } from "./outbound-http.ts";
import { INBOUND_TIMEOUT_MS, inboundRetryDelay } from "./inbound-retry.ts";

export const deliverInboundCallback = defineJob({
  name: "callbacks.deliver-inbound",
  payload: z.object({ callbackId: z.uuid() }),
  // Retries of the job itself only cover a crash between attempt and log; the schedule is ours.
  ...retries(2, 5, false),
  batchSize: 20,
  concurrency: 10,
  async handler(ctx, { callbackId }) {
    const cb = await ctx.db.callback.findUnique({ where: { id: callbackId }, include: { attemptLog: { select: { id: true } } } });
    if (cb?.state !== "pending") return;
    const account = await ctx.db.account.findUniqueOrThrow({ where: { id: cb.accountId }, select: { webhookSecret: true } });
    const attempt = cb.attemptLog.length + 1;
    const at = ctx.now();
    const result = await postCallback(
      { url: cb.url, id: cb.id, body: JSON.stringify(cb.payload), secret: account.webhookSecret, at, attempt },
      { timeoutMs: INBOUND_TIMEOUT_MS, allowPrivate: ctx.config.allowPrivateCallbackUrls },
    );
    const { ok, permanent } = result;
    const delay = ok || permanent ? null : inboundRetryDelay(attempt);
    if (delay !== null) await ctx.enqueue.ready();
    await ctx.db.$transaction(async (tx) => {
      await tx.callbackAttempt.create({ data: { callbackId, attempt, at, ...attemptColumns(result), replayedBy: cb.replayedBy } });
      await tx.callback.update({
        where: { id: callbackId },
        data: { attempts: attempt, ...(delay === null ? { state: ok ? "delivered" : "failed", completedAt: ctx.now() } : {}) },
      });
      if (delay !== null) await ctx.enqueue(tx, deliverInboundCallback, { callbackId }, { startAfter: new Date(at.getTime() + delay * 1000) });
    });
  },
});
