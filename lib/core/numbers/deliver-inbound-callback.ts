// Job callbacks.deliver-inbound: POSTs an inbound-SMS callback (signed, SSRF-guarded, every
// attempt logged, like callbacks.deliver) with a 2 s limit; a failure schedules the next
// attempt on Routee's schedule (inbound-retry.ts) as a new job, in the transaction that logs the
// attempt, instead of the job engine's exponential retry.
import http from "node:http";
import https from "node:https";
import { z } from "zod";
import { defineJob } from "../../jobs/job.ts";
import { env } from "../../env.ts";
import { checkCallbackUrl, guardedLookup } from "../callbacks/url-guard.ts";
import { signatureHeaders } from "../callbacks/sign.ts";
import { INBOUND_TIMEOUT_MS, inboundRetryDelay } from "./inbound-retry.ts";

export const deliverInboundCallback = defineJob({
  name: "callbacks.deliver-inbound",
  payload: z.object({ callbackId: z.uuid() }),
  // Retries of the job itself only cover a crash between attempt and log; the schedule is ours.
  retryLimit: 2,
  retryDelaySeconds: 5,
  retryBackoff: false,
  batchSize: 20,
  concurrency: 10,
  async handler(ctx, { callbackId }) {
    const cb = await ctx.db.callback.findUnique({ where: { id: callbackId }, include: { attemptLog: { select: { id: true } } } });
    if (!cb || cb.state !== "pending") return;
    const account = await ctx.db.account.findUniqueOrThrow({ where: { id: cb.accountId }, select: { webhookSecret: true } });
    const attempt = cb.attemptLog.length + 1;
    const body = JSON.stringify(cb.payload);
    const at = ctx.now();
    const allowPrivate = env().ALLOW_PRIVATE_CALLBACK_URLS;
    const refusal = checkCallbackUrl(cb.url, allowPrivate);
    const result = refusal
      ? { statusCode: 0, latencyMs: 0, error: `refused: the URL ${refusal}`, responseBody: "" }
      : await post(cb.url, body, { ...signatureHeaders(account.webhookSecret, cb.id, body, at), "x-switchboard-attempt": String(attempt) }, allowPrivate);
    const ok = result.statusCode >= 200 && result.statusCode < 300;
    const delay = ok || refusal ? null : inboundRetryDelay(attempt);
    if (delay !== null) await ctx.enqueue.prepare([deliverInboundCallback]);
    await ctx.db.$transaction(async (tx) => {
      await tx.callbackAttempt.create({ data: { callbackId, attempt, at, ...result } });
      await tx.callback.update({
        where: { id: callbackId },
        data: { attempts: attempt, ...(delay === null ? { state: ok ? "delivered" : "failed", completedAt: ctx.now() } : {}) },
      });
      if (delay !== null) await ctx.enqueue(tx, deliverInboundCallback, { callbackId }, { startAfter: new Date(at.getTime() + delay * 1000) });
    });
  },
});

function post(url: string, body: string, headers: Record<string, string>, allowPrivate: boolean) {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<{ statusCode: number; latencyMs: number; error: string; responseBody: string }>((resolve) => {
    const u = new URL(url);
    const req = (u.protocol === "https:" ? https : http).request(
      u,
      {
        method: "POST",
        lookup: guardedLookup(allowPrivate),
        headers: { "content-type": "application/json", "user-agent": "Switchboard-Callbacks/1.0", "content-length": Buffer.byteLength(body), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          if (size < 2048) chunks.push(c);
          size += c.length;
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ statusCode: res.statusCode ?? 0, latencyMs: elapsed(), error: "", responseBody: Buffer.concat(chunks).toString("utf8").slice(0, 2048) });
        });
        res.on("error", (e) => resolve({ statusCode: 0, latencyMs: elapsed(), error: e.message, responseBody: "" }));
      },
    );
    // The whole exchange, not just socket inactivity, must fit in the limit.
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${INBOUND_TIMEOUT_MS} ms`)), INBOUND_TIMEOUT_MS);
    req.on("error", (e) => {
      clearTimeout(timer);
      resolve({ statusCode: 0, latencyMs: elapsed(), error: e.message, responseBody: "" });
    });
    req.end(body);
  });
}
