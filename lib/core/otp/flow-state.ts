// Changes to a flow inside the caller's transaction: lock it, record an event, end it, and send
// the webhook when what a webhook reports has changed (never for an unchanged state).
import type { Ctx, Tx } from "../context.ts";
import type { OtpFlow } from "../../db/generated/client.ts";
import { txSql } from "../../db/tx-sql.ts";
import { notifyKey } from "./flow-view.ts";
import { flowView } from "../../schemas/otp-serializers.ts";
import { otpQueues } from "./otp-queues.ts";

/** Locks the flow row: every change of one flow goes one after the other. */
export async function lockFlow(tx: Tx, flowId: string): Promise<OtpFlow | null> {
  await txSql(tx).query(`SELECT 1 FROM otp_flows WHERE id = $1::uuid FOR UPDATE`, [flowId]);
  return tx.otpFlow.findUnique({ where: { id: flowId } });
}

export async function flowEvent(ctx: Ctx, tx: Tx, flowId: string, stepId: string | null, status: string, description: string): Promise<void> {
  await tx.otpEvent.create({ data: { flowId, stepId, status, description, at: ctx.now() } });
}

export async function endFlow(ctx: Ctx, tx: Tx, flowId: string, status: "Succeeded" | "Failed", statusCode: string | null, description: string): Promise<void> {
  const at = ctx.now();
  // The sealed code is only needed to send further steps: none will follow.
  await tx.otpFlow.update({ where: { id: flowId }, data: { status, statusCode, endedAt: at, updatedAt: at, codeSealed: "" } });
  await flowEvent(ctx, tx, flowId, null, status, description);
}

export async function currentView(tx: Tx, flowId: string) {
  const flow = await tx.otpFlow.findUniqueOrThrow({ where: { id: flowId } });
  const steps = await tx.otpStep.findMany({ where: { flowId }, orderBy: { seq: "asc" } });
  return { flow, view: flowView(flow, steps) };
}

/** Sends the flow to its callback.url unless that state was already reported. */
export async function notifyFlow(ctx: Ctx, tx: Tx, flowId: string): Promise<void> {
  const { flow, view } = await currentView(tx, flowId);
  const key = notifyKey(view);
  if (key === flow.notifiedKey) return;
  // Strictly later than the previous webhook of the flow: they are delivered in this order.
  const at = new Date(Math.max(ctx.now().getTime(), (flow.notifiedAt?.getTime() ?? 0) + 1));
  await tx.otpFlow.update({ where: { id: flowId }, data: { notifiedKey: key, notifiedAt: at, updatedAt: ctx.now() } });
  if (!flow.callbackUrl) return;
  const cb = await tx.callback.create({
    // Sent by its own job, in order per flow (not claimed by callbacks.deliver).
    data: { accountId: flow.accountId, kind: "otp.flow", url: flow.callbackUrl, payload: view, createdAt: at, dueAt: null },
  });
  await ctx.enqueue(tx, otpQueues.webhook, { callbackId: cb.id });
}
