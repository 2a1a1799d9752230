// Job otp.sms-status: an OTP's SMS changed status (the receipt hook in record-part-status.ts
// enqueues it). The step catches up with its message's events in order, one status at a time
// with a webhook each, so every status is reported once and in order whichever job runs first;
// a delivered SMS ends the flow Succeeded, a failed one moves it to the next step or ends it Failed.
import type { Ctx, Tx } from "../context.ts";
import { defineJob } from "../../jobs/job.ts";
import { isFinal } from "../sms/statuses.ts";
import { finalStepStatuses } from "./flow-view.ts";
import { endFlow, flowEvent, lockFlow, notifyFlow } from "./flow-state.ts";
import { readMessageForStep, smsStepFields } from "./sms-step.ts";
import type { PlanStep } from "./plan.ts";
import { otpQueues } from "./otp-queues.ts";

export const otpSmsStatus = defineJob({
  ...otpQueues.smsStatus,
  retryLimit: 5,
  retryDelaySeconds: 1,
  batchSize: 20,
  async handler(ctx, { flowId, messageId }) {
    await ctx.enqueue.ready();
    await ctx.db.$transaction((tx) => syncSmsStep(ctx, tx, flowId, messageId));
    ctx.wake(otpQueues.webhook);
    ctx.wake(otpQueues.failover);
  },
});

const rank = (status: string) => (finalStepStatuses.has(status) ? 2 : status === "queued" ? 0 : 1);

export async function syncSmsStep(ctx: Ctx, tx: Tx, flowId: string, messageId: string): Promise<void> {
  const flow = await lockFlow(tx, flowId);
  if (!flow) return;
  const step = await tx.otpStep.findFirst({ where: { id: messageId, flowId } });
  if (!step) return; // written after the send; it replays what happened meanwhile (insertSmsStep)
  const m = await readMessageForStep(tx, messageId);
  if (!m) return;
  const base = smsStepFields(m);
  const events = await tx.messageEvent.findMany({ where: { messageId }, orderBy: { at: "asc" } });
  let current = step.status;
  let sentAt = step.sentAt;
  for (const e of events) {
    // A part's final status stands for the message only once the message itself is final.
    let status = e.status.toLowerCase();
    if (rank(status) === 2) {
      if (!isFinal(m.status)) continue;
      status = base.status;
    }
    if (rank(status) <= rank(current)) continue;
    const final = rank(status) === 2;
    sentAt ??= status === "queued" ? null : e.at;
    await tx.otpStep.update({
      where: { id: step.id },
      data: {
        ...base,
        status,
        detailedStatus: (final ? m.detailed_status : e.detailedStatus) || null,
        errorMessage: final && status !== "delivered" ? base.errorMessage : null,
        sentAt,
        deliveredAt: status === "delivered" ? e.at : null,
        finalAt: final ? e.at : null,
      },
    });
    current = status;
    // Final: the real text, with the code, will not be sent again.
    if (final) await tx.messagePart.updateMany({ where: { messageId, sealedText: { not: null } }, data: { sealedText: null } });
    const detail = e.detailedStatus && e.detailedStatus.toLowerCase() !== status ? ` (${e.detailedStatus})` : "";
    await flowEvent(ctx, tx, flowId, step.id, status, `SMS ${status}${detail}`);
    if (final && flow.status === "InProgress") {
      const latest = await tx.otpStep.findFirst({ where: { flowId }, orderBy: { seq: "desc" }, select: { seq: true } });
      if (status === "delivered") await endFlow(ctx, tx, flowId, "Succeeded", null, "The SMS was delivered");
      else if (latest?.seq === step.seq) {
        const plan = flow.plan as unknown as PlanStep[];
        if (step.seq + 1 < plan.length) {
          // The failure and the next step's send go out in one webhook, after the send.
          await ctx.enqueue(tx, otpQueues.failover, { flowId, fromSeq: step.seq }, { singletonKey: `${flowId}:${step.seq}` });
          return;
        }
        await endFlow(ctx, tx, flowId, "Failed", "2", "The last step was not delivered");
      }
    }
    await notifyFlow(ctx, tx, flowId);
    if (final) return;
  }
}
