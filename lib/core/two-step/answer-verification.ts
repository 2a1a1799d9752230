// POST /2step/{trackingId}: the user's answer, checked by the OTP engine (hashed code, tries
// counted atomically). Verified on the code; Failed once maxRetries answers were wrong; a
// verification no longer Pending answers its status without counting a try.
import type { Ctx } from "../context.ts";
import { DomainError, fail } from "../errors.ts";
import { verifyCode } from "../otp/verify-code.ts";
import type { TwoStepStatus, TwoStepView } from "../../schemas/two-step.ts";
import { findVerification } from "./find-verification.ts";
import { verificationView } from "../../schemas/two-step-serializers.ts";

export async function answerVerification(ctx: Ctx, input: { accountId: string; trackingId: string; answer: string }): Promise<TwoStepView> {
  const v = await findVerification(ctx, input.accountId, input.trackingId);
  const before = verificationView(v, ctx.now());
  if (before.status === "Verified") fail("twoStepAlreadyVerified");
  if (before.status !== "Pending") return before;
  let outcome: TwoStepStatus;
  try {
    const r = await verifyCode(ctx, { accountId: input.accountId, flowId: v.id, code: input.answer });
    outcome = r.verified ? "Verified" : r.attemptsLeft === 0 ? "Failed" : "Pending";
  } catch (err) {
    // Another answer got there first: it spent the last try, or the code expired meanwhile.
    if (!(err instanceof DomainError)) throw err;
    if (err.kind === "otpTooManyAttempts") outcome = "Failed";
    else if (err.kind === "otpCodeExpired") outcome = "Expired";
    else if (err.kind === "otpAlreadyVerified") fail("twoStepAlreadyVerified");
    else throw err;
  }
  if (outcome === "Verified" || outcome === "Failed") {
    // Only from Pending: a verification cancelled meanwhile stays Cancelled.
    await ctx.db.twoStepVerification.updateMany({ where: { id: v.id, status: "Pending" }, data: { status: outcome, updatedAt: ctx.now() } });
  }
  return verificationView(await findVerification(ctx, input.accountId, v.id), ctx.now());
}
