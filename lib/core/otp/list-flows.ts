// The dashboard's OTP flows: a page of the account's flows, newest first, each with its steps'
// channels and statuses.
import type { Ctx } from "../context.ts";
import { pageWindow } from "../page-window.ts";
import { fromMicros } from "../../money.ts";
import type { FlowSummary } from "../../schemas/otp.ts";

export async function listFlows(ctx: Ctx, accountId: string, q: { page: number; size: number; status?: string }): Promise<{ total: number; rows: FlowSummary[] }> {
  const where = { accountId, ...(q.status ? { status: q.status } : {}) };
  const [total, flows] = await Promise.all([ctx.db.otpFlow.count({ where }), ctx.db.otpFlow.findMany({ where, orderBy: { createdAt: "desc" }, ...pageWindow(q) })]);
  const steps = await ctx.db.otpStep.findMany({ where: { flowId: { in: flows.map((f) => f.id) } }, orderBy: { seq: "asc" } });
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
        createdAt: f.createdAt.toISOString(),
        endedAt: f.endedAt?.toISOString() ?? null,
      };
    }),
  };
}
