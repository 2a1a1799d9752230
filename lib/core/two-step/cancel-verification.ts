// DELETE /2step/{trackingId}: a Pending verification turns Cancelled, and its code stops being
// accepted (the flow's code expires now), in one transaction.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import type { TwoStepView } from "../../schemas/two-step.ts";
import { findVerification } from "./find-verification.ts";
import { verificationView } from "../../schemas/two-step-serializers.ts";

export async function cancelVerification(ctx: Ctx, input: { accountId: string; trackingId: string }): Promise<TwoStepView> {
  const v = await findVerification(ctx, input.accountId, input.trackingId);
  const now = ctx.now();
  const current = verificationView(v, now);
  const refuse = (status: string) => fail("twoStepNotPending", { message: `The verification is ${status}: only a Pending verification can be cancelled.` });
  if (current.status !== "Pending") refuse(current.status);
  const cancelled = await ctx.db.$transaction(async (tx) => {
    const flow = await tx.otpFlow.updateMany({ where: { id: v.id, verifiedAt: null }, data: { codeExpiresAt: now, updatedAt: now } });
    if (flow.count === 0) return false; // verified meanwhile
    const row = await tx.twoStepVerification.updateMany({ where: { id: v.id, status: "Pending" }, data: { status: "Cancelled", updatedAt: now } });
    if (row.count === 0) return false;
    await tx.otpEvent.create({ data: { flowId: v.id, status: "cancelled", description: "The 2Step verification was cancelled", at: now } });
    return true;
  });
  if (!cancelled) refuse(verificationView(await findVerification(ctx, input.accountId, v.id), now).status);
  return { trackingId: v.id, status: "Cancelled", updatedAt: now.toISOString() };
}
