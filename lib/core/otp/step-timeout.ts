// Job otp.step-timeout, due when a step's ttl has passed. A Viber step still without a report
// is expired and the flow fails over; a delivered one closes its window (the flow Succeeded, or
// the next step when failoverAfterDelivered); an SMS step still on its way lets the next step
// go (its own ttl decides its status).
import { defineJob } from "../../jobs/job.ts";
import { endFlow, flowEvent, lockFlow, notifyFlow } from "./flow-state.ts";
import { finalStepStatuses, successStepStatuses } from "./flow-view.ts";
import type { PlanStep } from "./plan.ts";
import { otpQueues } from "./otp-queues.ts";

export const otpStepTimeout = defineJob({
  ...otpQueues.stepTimeout,
  retryLimit: 5,
  retryDelaySeconds: 2,
  batchSize: 20,
  async handler(ctx, { stepId }) {
    await ctx.enqueue.ready();
    await ctx.db.$transaction(async (tx) => {
      const first = await tx.otpStep.findUnique({ where: { id: stepId }, select: { flowId: true } });
      if (!first) return;
      const flow = await lockFlow(tx, first.flowId);
      const step = await tx.otpStep.findUnique({ where: { id: stepId } });
      if (!flow || !step || flow.status !== "InProgress") return;
      const latest = await tx.otpStep.findFirst({ where: { flowId: flow.id }, orderBy: { seq: "desc" }, select: { seq: true } });
      if (latest?.seq !== step.seq) return;
      const plan = flow.plan as unknown as PlanStep[];
      const hasNext = step.seq + 1 < plan.length;
      const failover = () => ctx.enqueue(tx, otpQueues.failover, { flowId: flow.id, fromSeq: step.seq }, { singletonKey: `${flow.id}:${step.seq}` });
      if (successStepStatuses.has(step.status)) {
        if (plan[step.seq]?.failoverAfterDelivered && hasNext) return failover();
        await endFlow(ctx, tx, flow.id, "Succeeded", null, `Delivered over ${step.channel === "sms" ? "SMS" : "Viber"}; the step's window closed`);
        await notifyFlow(ctx, tx, flow.id);
        return;
      }
      if (finalStepStatuses.has(step.status)) return;
      if (step.channel === "viber") {
        const at = ctx.now();
        await tx.otpStep.update({
          where: { id: stepId },
          data: { status: "expired", detailedStatus: "Expired", errorMessage: `No delivery report within the step's ttl (${step.ttlSeconds} s)`, finalAt: at, priceShown: true },
        });
        await flowEvent(ctx, tx, flow.id, stepId, "expired", `Not delivered within ${step.ttlSeconds} s`);
        if (hasNext) return failover();
        await endFlow(ctx, tx, flow.id, "Failed", "2", "The last step was not delivered");
        await notifyFlow(ctx, tx, flow.id);
        return;
      }
      if (hasNext) {
        await flowEvent(ctx, tx, flow.id, stepId, step.status, `Not delivered within ${step.ttlSeconds} s; the next step goes`);
        await failover();
      }
    });
    ctx.wake(otpQueues.failover);
    ctx.wake(otpQueues.webhook);
  },
});
