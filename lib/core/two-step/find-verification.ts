// GET /2step/{trackingId}: a verification of the caller's account (another account's is not
// found) and the status it reads as now: a Pending one whose code expired is Expired.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import type { TwoStepView } from "../../schemas/two-step.ts";
import { verificationView } from "../../schemas/two-step-serializers.ts";

export async function findVerification(ctx: Ctx, accountId: string, trackingId: string) {
  if (!isUuid(trackingId)) fail("twoStepNotFound", { property: "trackingId" });
  const row = await ctx.db.twoStepVerification.findFirst({ where: { id: trackingId, accountId } });
  if (!row) fail("twoStepNotFound", { property: "trackingId" });
  const flow = await ctx.db.otpFlow.findUniqueOrThrow({ where: { id: trackingId }, select: { codeExpiresAt: true } });
  return { ...row, expiresAt: flow.codeExpiresAt };
}

export async function getVerification(ctx: Ctx, accountId: string, trackingId: string): Promise<TwoStepView> {
  return verificationView(await findVerification(ctx, accountId, trackingId), ctx.now());
}
