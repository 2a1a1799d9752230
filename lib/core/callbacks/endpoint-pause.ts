// Pausing and resuming an endpoint (issue 20). Paused — by hand, or by the sender after the
// account's N consecutive failures over T minutes (store-outcomes.ts) — its callbacks wait as
// dead letters (state 'paused'). Resuming drains them through the job webhooks.drain one at a
// time, oldest first, so the receiver gets each exactly once and in order; the first failure
// pauses the endpoint again and leaves that callback and the rest waiting: nothing is lost. Each
// POST takes the endpoint's pace (send-path.ts) like any other; a pause again e-mails the owners.
import { z } from "zod";
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { defineJob } from "../../jobs/job.ts";
import { attemptCallback, readSendable } from "./send-path.ts";
import { noticePauses } from "./pause-notice.ts";

const TIMEOUT_MS = 10_000;

export async function pauseEndpoint(ctx: Ctx, input: { accountId: string; endpoint: string }) {
  const now = ctx.now();
  await ctx.db.webhookEndpoint.upsert({
    where: { accountId_endpoint: { accountId: input.accountId, endpoint: input.endpoint } },
    // By hand: whoever paused it knows, no e-mail (pause-notice.ts).
    create: { accountId: input.accountId, endpoint: input.endpoint, pausedAt: now, pauseNoticeAt: now, updatedAt: now },
    update: { pausedAt: now, pauseNoticeAt: now, updatedAt: now },
  });
  return { endpoint: input.endpoint, paused: true };
}

export async function resumeEndpoint(ctx: Ctx, input: { accountId: string; endpoint: string; by: string }) {
  const where = { accountId_endpoint: { accountId: input.accountId, endpoint: input.endpoint } };
  const row = await ctx.db.webhookEndpoint.findUnique({ where });
  if (!row) fail("notFound", { message: "No such endpoint among this account's callbacks.", property: "endpoint" });
  await ctx.enqueue.ready();
  const waiting = await ctx.db.$transaction(async (tx) => {
    await tx.webhookEndpoint.update({ where, data: { pausedAt: null, consecutiveFailures: 0, failingSince: null, updatedAt: ctx.now() } });
    await ctx.enqueue(tx, drainJob, { accountId: input.accountId, endpoint: input.endpoint, by: input.by }, { singletonKey: `${input.accountId} ${input.endpoint}` });
    return tx.callback.count({ where: { accountId: input.accountId, endpoint: input.endpoint, state: "paused" } });
  });
  ctx.wake(drainJob);
  return { endpoint: input.endpoint, paused: false, waiting };
}

type Drain = { accountId: string; endpoint: string; by: string };

export const drainJob = defineJob({
  name: "webhooks.drain",
  expireInSeconds: 3600,
  payload: z.object({ accountId: z.uuid(), endpoint: z.string(), by: z.string() }),
  async handler(ctx, p) {
    while (await drainOne(ctx, p));
  },
});

/** Sends the oldest waiting callback; false when there is none left or the endpoint paused again. */
async function drainOne(ctx: Ctx, p: Drain): Promise<boolean> {
  const where = { accountId_endpoint: { accountId: p.accountId, endpoint: p.endpoint } };
  const endpoint = await ctx.db.webhookEndpoint.findUnique({ where, select: { pausedAt: true } });
  if (!endpoint || endpoint.pausedAt) return false;
  const next = await ctx.db.callback.findFirst({
    where: { accountId: p.accountId, endpoint: p.endpoint, state: "paused" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (!next) return false;
  // Claimed first: a second drain (or a replay) cannot send it too.
  const claimed = await ctx.db.callback.updateMany({ where: { id: next.id, state: "paused" }, data: { state: "sending", replayedBy: p.by } });
  if (!claimed.count) return true;
  const [cb] = await readSendable(ctx, [next.id]);
  if (!cb) return true;
  const o = await attemptCallback(ctx, cb, { timeoutMs: TIMEOUT_MS, last: (r) => r.ok, replayedBy: p.by });
  const result = { ok: o.ok, statusCode: o.status_code, error: o.error };
  const attempt = o.attempt;
  const now = ctx.now();
  await ctx.db.$transaction([
    ctx.db.callbackAttempt.create({
      data: {
        callbackId: next.id,
        attempt,
        at: new Date(o.at),
        statusCode: o.status_code,
        latencyMs: o.latency_ms,
        error: o.error,
        responseBody: o.response_body,
        responseHeaders: o.response_headers ? (JSON.parse(o.response_headers) as object) : undefined,
        signature: o.signature,
        replayedBy: p.by,
      },
    }),
    ctx.db.callback.update({
      where: { id: next.id },
      data: { attempts: attempt, state: result.ok ? "delivered" : "paused", completedAt: result.ok ? now : null },
    }),
    ctx.db.webhookEndpoint.update({
      where,
      data: result.ok
        ? { consecutiveFailures: 0, failingSince: null, lastSuccessAt: now, lastStatus: result.statusCode, updatedAt: now }
        : {
            pausedAt: now,
            consecutiveFailures: { increment: 1 },
            lastFailureAt: now,
            lastStatus: result.statusCode,
            lastError: result.error || `answered ${result.statusCode}`,
            updatedAt: now,
          },
    }),
  ]);
  if (!result.ok) await noticePauses(ctx, [{ accountId: p.accountId, endpoint: p.endpoint }]);
  return result.ok;
}
