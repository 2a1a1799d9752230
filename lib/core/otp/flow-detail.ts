// One flow for the dashboard: the flow as the API shows it, its timeline of events across
// channels, and every webhook sent for it with its one attempt.
import type { Ctx } from "../context.ts";
import type { FlowDetail } from "../../schemas/otp.ts";
import { getFlow, findFlow } from "./get-flow.ts";
import { twoStepOf } from "./list-flows.ts";

export async function flowDetail(ctx: Ctx, accountId: string, id: string): Promise<FlowDetail> {
  const f = await findFlow(ctx, accountId, id);
  const [flow, events, callbacks, twoStep] = await Promise.all([
    getFlow(ctx, accountId, f.id),
    ctx.db.otpEvent.findMany({ where: { flowId: f.id }, orderBy: { at: "asc" } }),
    ctx.db.callback.findMany({
      where: { accountId, kind: "otp.flow", createdAt: { gte: f.createdAt }, payload: { path: ["flowId"], equals: f.id } },
      include: { attemptLog: { orderBy: { attempt: "asc" } } },
      orderBy: { createdAt: "asc" },
    }),
    ctx.db.twoStepVerification.findUnique({ where: { id: f.id }, select: { status: true } }),
  ]);
  return {
    flow,
    currency: f.currency,
    createdAt: f.createdAt.toISOString(),
    endedAt: f.endedAt?.toISOString() ?? null,
    verifiedAt: f.verifiedAt?.toISOString() ?? null,
    attempts: f.attempts,
    maxAttempts: f.maxAttempts,
    twoStep: twoStepOf(twoStep, f.codeExpiresAt, ctx.now()),
    callbackUrl: f.callbackUrl,
    events: events.map((e) => ({ at: e.at.toISOString(), status: e.status, description: e.description, stepId: e.stepId })),
    webhooks: callbacks.map((c) => {
      const p = c.payload as { status?: string; steps?: { channel: string; status: string }[] };
      const a = c.attemptLog[0];
      return {
        id: c.id,
        createdAt: c.createdAt.toISOString(),
        state: c.state,
        summary: [p.status, ...(p.steps ?? []).map((s) => `${s.channel} ${s.status}`)].join(" · "),
        statusCode: a?.statusCode ?? 0,
        latencyMs: a?.latencyMs ?? 0,
        error: a?.error ?? "",
      };
    }),
  };
}
