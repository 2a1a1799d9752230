// Job otp.failover: the step `fromSeq` was not delivered, so the flow's next step goes out (or,
// with none left, the flow ends Failed). The webhook after it reports both the failure and the
// new step. Safe to run twice: a step already written is not sent again, and an SMS an earlier
// attempt sent is found by its label.
import type { Ctx } from "../context.ts";
import { defineJob } from "../../jobs/job.ts";
import { DomainError } from "../errors.ts";
import { endFlow, flowEvent, lockFlow, notifyFlow } from "./flow-state.ts";
import { unsealCode } from "./otp-code.ts";
import type { PlanStep } from "./plan.ts";
import { insertSmsStep, sendStepSms } from "./sms-step.ts";
import { createViberStep } from "./viber-step.ts";
import { viberPrice } from "./viber-price.ts";
import { otpQueues } from "./otp-queues.ts";

export const otpFailover = defineJob({
  ...otpQueues.failover,
  retryLimit: 5,
  retryDelaySeconds: 2,
  retryBackoff: true,
  batchSize: 10,
  async handler(ctx, { flowId, fromSeq }) {
    await failOver(ctx, flowId, fromSeq);
  },
});

async function failFlow(ctx: Ctx, flowId: string, statusCode: string, description: string) {
  await ctx.db.$transaction(async (tx) => {
    const flow = await lockFlow(tx, flowId);
    if (flow?.status !== "InProgress") return;
    await endFlow(ctx, tx, flowId, "Failed", statusCode, description);
    await notifyFlow(ctx, tx, flowId);
  });
}

export async function failOver(ctx: Ctx, flowId: string, fromSeq: number): Promise<void> {
  await ctx.enqueue.ready();
  const flow = await ctx.db.otpFlow.findUnique({ where: { id: flowId } });
  if (flow?.status !== "InProgress") return;
  const seq = fromSeq + 1;
  if (await ctx.db.otpStep.findUnique({ where: { flowId_seq: { flowId, seq } } })) return;
  const from = await ctx.db.otpStep.findUnique({ where: { flowId_seq: { flowId, seq: fromSeq } } });
  const plan = flow.plan as unknown as PlanStep[];
  const step = plan[seq];
  if (!step) return failFlow(ctx, flowId, "2", "No step left to fail over to");
  if (!flow.codeSealed) return failFlow(ctx, flowId, "0", "The code is no longer available to send");
  const code = unsealCode(ctx.config.authSecret, flowId, flow.codeSealed);
  const base = { flowId, accountId: flow.accountId, seq, step };
  try {
    if (step.type === "Sms") {
      const messageId = await sendStepSms(ctx, { ...base, currency: flow.currency, code, again: true });
      await ctx.db.$transaction(async (tx) => {
        const locked = await lockFlow(tx, flowId);
        if (locked?.status !== "InProgress") return;
        const at = ctx.now();
        await insertSmsStep(ctx, tx, {
          id: messageId,
          flowId,
          accountId: flow.accountId,
          seq,
          role: "failover",
          phoneNumber: step.to.replace(/^\+/, ""),
          label: step.label,
          failoverFrom: from?.id ?? null,
          ttlSeconds: step.ttl,
          createdAt: at,
        });
        await ctx.enqueue(tx, otpQueues.stepTimeout, { stepId: messageId }, { startAfter: new Date(at.getTime() + step.ttl * 1000) });
        await flowEvent(ctx, tx, flowId, messageId, "queued", `Failed over to SMS from ${from?.channel ?? "the previous step"}`);
        await notifyFlow(ctx, tx, flowId);
      });
    } else {
      const priceMicros = await viberPrice(ctx, { iso: step.country, currency: flow.currency, accountId: flow.accountId });
      await ctx.db.$transaction(async (tx) => {
        const locked = await lockFlow(tx, flowId);
        if (locked?.status !== "InProgress") return;
        const id = await createViberStep(ctx, tx, { ...base, priceMicros, failoverFrom: from?.id ?? null });
        await flowEvent(ctx, tx, flowId, id, "queued", `Failed over to Viber from ${from?.channel ?? "the previous step"}`);
        await notifyFlow(ctx, tx, flowId);
      });
      ctx.wake(otpQueues.viberSend);
    }
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    await failFlow(ctx, flowId, e.kind === "insufficientBalance" ? "1" : "0", `The next step could not be sent: ${e.message}`);
  }
  ctx.wake(otpQueues.webhook);
}
