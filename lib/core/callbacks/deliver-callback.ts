// Delivers one callback: a signed JSON POST to the client's URL. Each attempt is stored; an
// answer other than 2xx throws, so the job engine retries (up to 5 more times, growing delays).
import http from "node:http";
import https from "node:https";
import { z } from "zod";
import { defineJob } from "../../jobs/job.ts";
import { env } from "../../env.ts";
import { checkCallbackUrl, guardedLookup } from "./url-guard.ts";
import { signatureHeaders } from "./sign.ts";

const TIMEOUT_MS = 10_000;

export const deliverCallback = defineJob({
  name: "callbacks.deliver",
  payload: z.object({ callbackId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 2,
  retryBackoff: true,
  batchSize: 20,
  async handler(ctx, { callbackId }, meta) {
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
    const last = ok || Boolean(refusal) || meta.retryCount >= meta.retryLimit;
    await ctx.db.$transaction([
      ctx.db.callbackAttempt.create({ data: { callbackId, attempt, at, ...result } }),
      ctx.db.callback.update({
        where: { id: callbackId },
        data: { attempts: attempt, ...(last ? { state: ok ? "delivered" : "failed", completedAt: ctx.now() } : {}) },
      }),
    ]);
    if (!ok && !last) throw new Error(`callback answered ${result.statusCode || result.error}`);
  },
});

function post(url: string, body: string, headers: Record<string, string>, allowPrivate: boolean) {
  const started = performance.now();
  return new Promise<{ statusCode: number; latencyMs: number; error: string; responseBody: string }>((resolve) => {
    const u = new URL(url);
    const req = (u.protocol === "https:" ? https : http).request(
      u,
      {
        method: "POST",
        lookup: guardedLookup(allowPrivate),
        timeout: TIMEOUT_MS,
        headers: { "content-type": "application/json", "user-agent": "Switchboard-Callbacks/1.0", "content-length": Buffer.byteLength(body), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          if (size < 2048) chunks.push(c);
          size += c.length;
        });
        res.on("end", () =>
          resolve({
            statusCode: res.statusCode ?? 0,
            latencyMs: Math.round(performance.now() - started),
            error: "",
            responseBody: Buffer.concat(chunks).toString("utf8").slice(0, 2048),
          }),
        );
        res.on("error", (e) => resolve({ statusCode: res.statusCode ?? 0, latencyMs: Math.round(performance.now() - started), error: e.message, responseBody: "" }));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on("error", (e) => resolve({ statusCode: 0, latencyMs: Math.round(performance.now() - started), error: e.message, responseBody: "" }));
    req.end(body);
  });
}
