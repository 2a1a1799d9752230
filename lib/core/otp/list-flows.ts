// The dashboard's OTP flows: a page of the account's flows, newest first, each with its steps'
// channels and statuses.
import type { Ctx } from "../context.ts";
import { pageWindow } from "../page-window.ts";
import { fromMicros } from "../../money.ts";
import type { FlowSummary } from "../../schemas/otp.ts";
import { twoStepStatusAt } from "../../schemas/two-step-serializers.ts";

export async function listFlows(ctx: Ctx, accountId: string, q: { page: number; size: number; status?: string }): Promise<{ total: number; rows: FlowSummary[] }> {
  const where = { accountId, ...(q.status ? { status: q.status } : {}) };
  const [total, flows] = await Promise.all([ctx.db.otpFlow.count({ where }), ctx.db.otpFlow.findMany({ where, orderBy: { createdAt: "desc" }, ...pageWindow(q) })]);
  const ids = flows.map((f) => f.id);
  const [steps, twoSteps] = await Promise.all([
    ctx.db.otpStep.findMany({ where: { flowId: { in: ids } }, orderBy: { seq: "asc" } }),
    ctx.db.twoStepVerification.findMany({ where: { id: { in: ids } }, select: { id: true, status: true } }),
  ]);
  const now = ctx.now();
  return {
    total,
    rows: flows.map((f) => {
      const own = steps.filter((s) => s.flowId === f.id);
      const priced = own.filter((s) => s.priceShown);
      return {
        flowId: f.id,
        status: f.status,
        statusCode: f.statusCode,
        phoneNumber: f.phoneNumber,
        channels: own.map((s) => s.channel),
        stepStatuses: own.map((s) => s.status),
        totalCost: priced.length ? fromMicros(priced.reduce((sum, s) => sum + s.priceMicros, 0n)) : null,
        currency: f.currency,
        verified: Boolean(f.verifiedAt),
        twoStep: twoStepOf(
          twoSteps.find((t) => t.id === f.id),
          f.codeExpiresAt,
          now,
        ),
        createdAt: f.createdAt.toISOString(),
        endedAt: f.endedAt?.toISOString() ?? null,
      };
    }),
  };
}

/** The status a 2Step verification reads as now, or null for a flow that is none. */
export function twoStepOf(t: { status: string } | undefined | null, expiresAt: Date, now: Date) {
  return t ? twoStepStatusAt({ status: t.status, expiresAt }, now) : null;
}
