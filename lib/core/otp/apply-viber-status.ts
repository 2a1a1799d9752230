// A status report from the Viber provider. DELIVERED (or SEEN) records the delivery and keeps the
// flow InProgress until the step's window closes (the spec's state table); EXPIRED, FAILED and
// UNDELIVERED end the step and send the next one. A report can overtake the commit of its own
// send, so an unknown message is looked up again for a moment, then refused (reported again).
import type { Ctx } from "../context.ts";
import type { ViberStatusReport } from "../ports/viber.ts";
import { flowEvent, lockFlow, notifyFlow } from "./flow-state.ts";
import { finalStepStatuses } from "./flow-view.ts";
import { otpQueues } from "./otp-queues.ts";

const byReport: Record<ViberStatusReport["status"], { status: string; detailed: string; description: string }> = {
  DELIVERED: { status: "delivered", detailed: "Delivered", description: "Delivered over Viber" },
  SEEN: { status: "seen", detailed: "Seen", description: "Seen on Viber" },
  EXPIRED: { status: "expired", detailed: "Expired", description: "Viber could not deliver within the ttl (EXPIRED)" },
  FAILED: { status: "failed", detailed: "Failed", description: "Viber reported FAILED" },
  UNDELIVERED: { status: "undelivered", detailed: "Undelivered", description: "Viber reported UNDELIVERED" },
};

export async function applyViberStatus(ctx: Ctx, report: ViberStatusReport): Promise<void> {
  let found = null;
  for (const wait of [0, 25, 100, 400, 1000]) {
    if (wait) await new Promise((r) => setTimeout(r, wait));
    found = await ctx.db.otpStep.findFirst({ where: { providerMessageId: report.providerMessageId }, select: { id: true, flowId: true } });
    if (found) break;
  }
  if (!found) throw new Error(`no OTP step with Viber message id ${report.providerMessageId}`);
  const change = byReport[report.status];
  await ctx.enqueue.ready();
  await ctx.db.$transaction(async (tx) => {
    const flow = await lockFlow(tx, found.flowId);
    const step = await tx.otpStep.findUnique({ where: { id: found.id } });
    if (!flow || !step) return;
    // SEEN may follow DELIVERED; nothing else moves a final step.
    if (finalStepStatuses.has(step.status) && !(step.status === "delivered" && change.status === "seen")) return;
    const success = change.status === "delivered" || change.status === "seen";
    await tx.otpStep.update({
      where: { id: step.id },
      data: {
        status: change.status,
        detailedStatus: change.detailed,
        errorMessage: success ? null : (report.description ?? change.description),
        finalAt: step.finalAt ?? report.at,
        ...(success && !step.deliveredAt ? { deliveredAt: report.at } : {}),
        priceShown: true,
      },
    });
    await flowEvent(ctx, tx, flow.id, step.id, change.status, change.description);
    if (flow.status !== "InProgress") return notifyFlow(ctx, tx, flow.id);
    if (!success) {
      // The webhook goes once the next step is out, with both changes.
      await ctx.enqueue(tx, otpQueues.failover, { flowId: flow.id, fromSeq: step.seq }, { singletonKey: `${flow.id}:${step.seq}` });
      return;
    }
    await notifyFlow(ctx, tx, flow.id);
  });
  ctx.wake(otpQueues.failover);
  ctx.wake(otpQueues.webhook);
}
