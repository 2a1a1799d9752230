// Job callbacks.deliver-inbound: POSTs an inbound-SMS callback on the path every callback takes
// (send-path.ts: signed, SSRF-guarded, every attempt logged, a dead letter at a paused endpoint,
// the endpoint's pace and health) with a 2 s limit; a failure schedules the next attempt on
// Routee's schedule (inbound-retry.ts) as a new job, in the transaction that stores the attempt,
// instead of the job engine's exponential retry. A refused URL or a 410 Gone ends the callback:
// failed, no retry. A failure that pauses the endpoint leaves it waiting, no retry either:
// resuming the endpoint sends it.
import { z } from "zod";
import { defineJob } from "../../jobs/job.ts";
import { retries } from "../../jobs/job-shorthands.ts";
import { txSql } from "../../db/tx-sql.ts";
import { INBOUND_TIMEOUT_MS, inboundRetryDelay } from "./inbound-retry.ts";
import { attemptCallback, noticeDeadLetters, park, readSendable } from "./send-path.ts";
import { storeOutcomes } from "./store-outcomes.ts";

export const deliverInboundCallback = defineJob({
  name: "callbacks.deliver-inbound",
  payload: z.object({ callbackId: z.uuid() }),
  // Retries of the job itself only cover a crash between attempt and log; the schedule is ours.
  ...retries(2, 5, false),
  batchSize: 20,
  concurrency: 10,
  async handler(ctx, { callbackId }) {
    const [cb] = await readSendable(ctx, [callbackId]);
    if (cb?.state !== "pending") return;
    if (cb.paused) return park(ctx, [cb.id]);
    const outcome = await attemptCallback(ctx, cb, { timeoutMs: INBOUND_TIMEOUT_MS, last: (r) => r.ok || r.permanent || inboundRetryDelay(Number(cb.logged) + 1) === null });
    const delay = outcome.last ? null : inboundRetryDelay(outcome.attempt);
    if (delay !== null) await ctx.enqueue.ready();
    const deadLetters = await ctx.db.$transaction(async (tx) => {
      const dead = await storeOutcomes(ctx, [outcome], txSql(tx));
      if (delay !== null && !dead.size) await ctx.enqueue(tx, deliverInboundCallback, { callbackId }, { startAfter: new Date(Date.parse(outcome.at) + delay * 1000) });
      return dead;
    });
    await noticeDeadLetters(ctx, [outcome], deadLetters);
  },
});
