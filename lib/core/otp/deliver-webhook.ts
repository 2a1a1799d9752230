// Job otp.webhook: POSTs one flow state to the flow's callback.url through the hardened client
// (outbound-http.ts). Fire-and-forget as the spec says: one attempt with a short time limit,
// never retried; the attempt is kept like every callback's (and can be resent from the dashboard).
import { otpQueues } from "./otp-queues.ts";
import type { Ctx } from "../context.ts";
import type { Callback } from "../../db/generated/client.ts";
import { defineJob } from "../../jobs/job.ts";
import { retries } from "../../jobs/job-shorthands.ts";
import { attemptColumns, postCallback } from "../callbacks/outbound-http.ts";

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

async function deliverOnce(ctx: Ctx, cb: Callback): Promise<void> {
  // Claimed first, so a webhook is never posted twice, even by two workers.
  const claimed = await ctx.db.callback.updateMany({ where: { id: cb.id, state: "pending" }, data: { state: "sending" } });
  if (!claimed.count) return;
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: cb.accountId }, select: { webhookSecret: true } });
  const at = ctx.now();
  const result = await postCallback(
    { url: cb.url, id: cb.id, body: JSON.stringify(cb.payload), secret: account.webhookSecret, at, attempt: 1 },
    { timeoutMs: WEBHOOK_TIMEOUT_MS, allowPrivate: ctx.config.allowPrivateCallbackUrls },
  );
  await ctx.db.$transaction([
    ctx.db.callbackAttempt.create({ data: { callbackId: cb.id, attempt: 1, at, ...attemptColumns(result) } }),
    ctx.db.callback.update({ where: { id: cb.id }, data: { attempts: 1, state: result.ok ? "delivered" : "failed", completedAt: ctx.now() } }),
  ]);
}
