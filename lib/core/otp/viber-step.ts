// A Viber step: charged and written queued in the caller's transaction, with the jobs that send
// it to the provider and end it when its ttl passes without a delivery.
import crypto from "node:crypto";
import type { Ctx, Tx } from "../context.ts";
import { chargeAccount } from "../accounts/charge-account.ts";
import type { PlanStep } from "./plan.ts";
import { otpQueues } from "./otp-queues.ts";

export async function createViberStep(ctx: Ctx, tx: Tx, input: { flowId: string; accountId: string; seq: number; step: PlanStep; priceMicros: bigint; failoverFrom: string | null }): Promise<string> {
  const id = crypto.randomUUID();
  const at = ctx.now();
  if (input.priceMicros > 0n) await chargeAccount(tx, { accountId: input.accountId, amountMicros: input.priceMicros, description: `Viber OTP to ${input.step.to}`, reference: id, at });
  await tx.otpStep.create({
    data: {
      id,
      flowId: input.flowId,
      accountId: input.accountId,
      seq: input.seq,
      role: input.seq === 0 ? "primary" : "failover",
      channel: "viber",
      phoneNumber: input.step.to.replace(/^\+/, ""),
      label: input.step.label,
      status: "queued",
      failoverFrom: input.failoverFrom,
      priceMicros: input.priceMicros,
      country: input.step.country,
      ttlSeconds: input.step.ttl,
      createdAt: at,
    },
  });
  await ctx.enqueue(tx, otpQueues.viberSend, { stepId: id });
  await ctx.enqueue(tx, otpQueues.stepTimeout, { stepId: id }, { startAfter: new Date(at.getTime() + input.step.ttl * 1000) });
  return id;
}
