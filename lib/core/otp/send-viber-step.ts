// Job otp.viber-send: hands a queued Viber step to the provider. Accepted: the step is sent and
// waits for its report (or its ttl). Refused for good: the step failed, its charge is refunded
// and the flow moves on.
import { defineJob } from "../../jobs/job.ts";
import { creditAccount } from "../accounts/credit-account.ts";
import { flowEvent, lockFlow } from "./flow-state.ts";
import { renderBody, unsealCode } from "./otp-code.ts";
import type { PlanStep } from "./plan.ts";
import { otpQueues } from "./otp-queues.ts";

export const sendViberStep = defineJob({
  ...otpQueues.viberSend,
  retryLimit: 5,
  retryDelaySeconds: 2,
  retryBackoff: true,
  batchSize: 20,
  async handler(ctx, { stepId }, meta) {
    const step = await ctx.db.otpStep.findUnique({ where: { id: stepId } });
    if (step?.status !== "queued") return;
    const flow = await ctx.db.otpFlow.findUnique({ where: { id: step.flowId } });
    if (flow?.status !== "InProgress" || !flow.codeSealed) return;
    const plan = (flow.plan as unknown as PlanStep[])[step.seq]!;
    const code = unsealCode(ctx.config.authSecret, flow.id, flow.codeSealed);
    const text = plan.body ? renderBody(plan.body, code) : `Your verification code is ${code}`;
    const result = await ctx.viber().send({ reference: step.id, to: plan.to, text, ttlSeconds: step.ttlSeconds, sender: plan.sender, templateId: plan.templateId });
    if (!result.ok && result.retryable && meta.retryCount < meta.retryLimit) throw new Error(`Viber provider asked to retry: ${result.error}`);
    await ctx.enqueue.ready();
    await ctx.db.$transaction(async (tx) => {
      await lockFlow(tx, flow.id);
      const at = ctx.now();
      if (result.ok) {
        const moved = await tx.otpStep.updateMany({ where: { id: stepId, status: "queued" }, data: { status: "sent", sentAt: at, providerMessageId: result.providerMessageId } });
        if (moved.count) await flowEvent(ctx, tx, flow.id, stepId, "sent", "Accepted by the Viber provider");
        return;
      }
      const moved = await tx.otpStep.updateMany({
        where: { id: stepId, status: "queued" },
        data: { status: "failed", detailedStatus: "Failed", errorMessage: result.error, finalAt: at },
      });
      if (!moved.count) return;
      if (step.priceMicros > 0n)
        await creditAccount(tx, {
          accountId: step.accountId,
          amountMicros: step.priceMicros,
          kind: "Refund",
          source: "Usage",
          description: `Refund: Viber OTP to +${step.phoneNumber} was refused`,
          reference: stepId,
          at,
        });
      await tx.otpStep.update({ where: { id: stepId }, data: { priceMicros: 0n, priceShown: true } });
      await flowEvent(ctx, tx, flow.id, stepId, "failed", `The Viber provider refused the message: ${result.error}`);
      await ctx.enqueue(tx, otpQueues.failover, { flowId: flow.id, fromSeq: step.seq }, { singletonKey: `${flow.id}:${step.seq}` });
    });
  },
});
