// Job otp.webhook: POSTs one flow state to the flow's callback.url on the path every callback
// takes (callbacks/send-path.ts: the hardened client, a dead letter at a paused endpoint, the
// endpoint's pace and health). Fire-and-forget as the spec says: one attempt with a short time
// limit, never retried; the attempt is kept like every callback's (and can be resent from the
// dashboard). At a paused endpoint it waits, and resuming the endpoint sends it, in order.
import { otpQueues } from "./otp-queues.ts";
import type { Ctx } from "../context.ts";
import type { Callback } from "../../db/generated/client.ts";
import { defineJob } from "../../jobs/job.ts";
import { retries } from "../../jobs/job-shorthands.ts";
import { attemptCallback, noticeDeadLetters, park, readSendable } from "../callbacks/send-path.ts";
import { storeOutcomes } from "../callbacks/store-outcomes.ts";

export const WEBHOOK_TIMEOUT_MS = 5_000;

export const deliverOtpWebhook = defineJob({
  ...otpQueues.webhook,
  ...retries(0),
  expireInSeconds: 60,
  batchSize: 10,
  async handler(ctx, { callbackId }) {
    const cb = await ctx.db.callback.findUnique({ where: { id: callbackId } });
    if (cb?.state !== "pending") return;
    const flowId = (cb.payload as { flowId?: string }).flowId ?? "";
    // This flow's webhooks go out in the order they were written: the earlier ones still pending first.
    const due = await ctx.db.callback.findMany({
      where: { accountId: cb.accountId, kind: "otp.flow", state: "pending", createdAt: { lte: cb.createdAt }, payload: { path: ["flowId"], equals: flowId } },
      orderBy: { createdAt: "asc" },
      take: 50,
    });
    for (const one of due) await deliverOnce(ctx, one);
  },
});

async function deliverOnce(ctx: Ctx, one: Callback): Promise<void> {
  // Claimed first, so a webhook is never posted twice, even by two workers.
  const claimed = await ctx.db.callback.updateMany({ where: { id: one.id, state: "pending" }, data: { state: "sending" } });
  if (!claimed.count) return;
  const [cb] = await readSendable(ctx, [one.id]);
  if (!cb) return;
  if (cb.paused) return park(ctx, [cb.id], ["sending"]);
  const outcome = await attemptCallback(ctx, cb, { timeoutMs: WEBHOOK_TIMEOUT_MS, last: () => true });
  const deadLetters = await storeOutcomes(ctx, [outcome]);
  await noticeDeadLetters(ctx, [outcome], deadLetters);
}
