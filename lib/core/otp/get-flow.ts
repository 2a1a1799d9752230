// GET /otp/failover/{id}: the flow by its flowId or by the trackingId of one of its steps,
// within the caller's account.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import { flowView } from "../../schemas/otp-serializers.ts";

export async function findFlow(ctx: Ctx, accountId: string, id: string) {
  if (!isUuid(id)) fail("otpFlowNotFound", { property: "flowId" });
  let flow = await ctx.db.otpFlow.findFirst({ where: { id, accountId } });
  if (!flow) {
    const step = await ctx.db.otpStep.findFirst({ where: { id, accountId }, select: { flowId: true } });
    if (step) flow = await ctx.db.otpFlow.findFirst({ where: { id: step.flowId, accountId } });
  }
  if (!flow) fail("otpFlowNotFound", { property: "flowId" });
  return flow;
}

export async function getFlow(ctx: Ctx, accountId: string, id: string) {
  const flow = await findFlow(ctx, accountId, id);
  const steps = await ctx.db.otpStep.findMany({ where: { flowId: flow.id }, orderBy: { seq: "asc" } });
  return flowView(flow, steps);
}
