// Delivers callbacks: a signed JSON POST to the client's URL through the hardened client
// (outbound-http.ts: SSRF guard with pinned addresses, no redirects, one deadline). Each attempt
// is stored; an answer other than 2xx throws, so the job engine retries (up to 5 more times,
// growing delays). A refused URL or a 410 Gone ends the callback at once: it is failed, no retry.
//
// The worker hands over a claimed batch at once (lib/jobs/worker.ts, handleBatch): one query
// reads the batch's callbacks with their accounts' secrets, the POSTs go out together, and one
// statement stores every attempt and the callbacks' new state. A worker process holds three
// batches of 100 at once but has at most POSTS_IN_FLIGHT (100) POSTs under way: the other
// claimed callbacks wait in order for a free slot, so a slot is refilled as soon as its answer
// comes, also while a batch waits for its slowest answer, stores its attempts and claims the
// next (with two batches of 50 and nothing waiting, a receiver answering in 50 ms saw about a
// third of the slots idle: B5 in docs/performance.md).
//
// The webhook center (issue 20) adds: each attempt's signature and response headers, the
// endpoint's health in the same statement (store-outcomes.ts), dead letters at a paused endpoint
// (claimed callbacks wait as 'paused' without a POST), the account's pace per endpoint across
// processes (endpoint-pace.ts), and replays (same callback, same webhook-id,
// each attempt after a replay carries who asked for it).
import { z } from "zod";
import { defineJob } from "../../jobs/job.ts";
import type { BatchHandling, ClaimedJob } from "../../jobs/job.ts";
import type { Ctx } from "../context.ts";
import { postCallback } from "./outbound-http.ts";
import { Slots } from "./slots.ts";
import { pacer } from "./endpoint-pace.ts";
import { storeOutcomes, type Outcome } from "./store-outcomes.ts";
import { defaultWebhookSettings } from "./webhook-settings.ts";
import type { CallbackOutcome } from "../ports/metrics.ts";

const TIMEOUT_MS = 10_000;
/** POSTs under way at once per worker process, whatever the number of batches in hand. */
const POSTS_IN_FLIGHT = 100;

const posts = new Slots(POSTS_IN_FLIGHT);

const payload = z.object({ callbackId: z.uuid() });
type Payload = z.output<typeof payload>;

interface Row {
  id: string;
  account_id: string;
  kind: string;
  url: string;
  endpoint: string;
  payload: unknown;
  state: string;
  webhook_secret: string;
  logged: number;
  replayed_by: string | null;
  paused: boolean;
  max_concurrency: number | null;
  max_per_second: number | null;
}

async function deliverBatch(ctx: Ctx, jobs: ClaimedJob<Payload>[]): Promise<Array<Error | null>> {
  const ids = [...new Set(jobs.map((j) => j.payload.callbackId))];
  // callbacks.attempts counts the stored attempts (the statement that stores one sets it).
  const { rows } = await ctx.sql.query<Row>(
    `SELECT c.id, c.account_id, c.kind, c.url, coalesce(c.endpoint, '') AS endpoint, c.payload, c.state, a.webhook_secret, c.attempts AS logged, c.replayed_by,
            e.paused_at IS NOT NULL AS paused, s.max_concurrency, s.max_per_second
       FROM callbacks c JOIN accounts a ON a.id = c.account_id
       LEFT JOIN webhook_endpoints e ON e.account_id = c.account_id AND e.endpoint = c.endpoint
       LEFT JOIN webhook_settings s ON s.account_id = c.account_id
      WHERE c.id = ANY($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Claimed while their endpoint is paused: they wait as dead letters, no POST.
  const parked = rows.filter((r) => r.paused && r.state === "pending").map((r) => r.id);
  if (parked.length) await ctx.sql.query("UPDATE callbacks SET state = 'paused' WHERE id = ANY($1::uuid[]) AND state = 'pending'", [parked]);
  const allowPrivate = ctx.config.allowPrivateCallbackUrls;
  // One attempt per callback, even if two jobs of the batch name the same one.
  const attempts = new Map<string, Promise<Outcome | null>>();
  const results = jobs.map((job) => {
    const id = job.payload.callbackId;
    let p = attempts.get(id);
    if (!p) {
      const cb = byId.get(id);
      p = cb && cb.state === "pending" && !cb.paused ? send(ctx, cb, job.meta, allowPrivate) : Promise.resolve(null);
      attempts.set(id, p);
    }
    return p;
  });
  const outcomes = await Promise.all(results);
  const written = [...new Set(outcomes.filter((o): o is Outcome => o !== null))];
  const deadLetters = await storeOutcomes(ctx, written);
  countOutcomes(ctx, written, byId);
  return outcomes.map((o) => (o && !o.ok && !o.last && !deadLetters.has(o.callback_id) ? new Error(`callback answered ${o.status_code || o.error}`) : null));
}

/** One POST within the endpoint's pace (all processes together) and the process's slots. */
function send(ctx: Ctx, cb: Row, meta: ClaimedJob["meta"], allowPrivate: boolean): Promise<Outcome> {
  const limits = { maxConcurrency: cb.max_concurrency ?? defaultWebhookSettings.maxConcurrency, maxPerSecond: cb.max_per_second ?? 0 };
  // The endpoint's turn first: a slow endpoint waits without holding a slot others could use.
  return pacer.run(ctx, cb.account_id, cb.endpoint, limits, () => posts.run(() => attempt(ctx, cb, meta, allowPrivate)));
}

/** The batch's attempts for the metrics, one call per kind and outcome. */
function countOutcomes(ctx: Ctx, written: readonly Outcome[], byId: ReadonlyMap<string, Row>): void {
  const counts = new Map<string, number>();
  for (const o of written) {
    const key = `${byId.get(o.callback_id)?.kind ?? ""}|${o.ok ? "delivered" : o.last ? "abandoned" : "failed"}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [key, n] of counts) {
    const [kind, outcome] = key.split("|") as [string, CallbackOutcome];
    ctx.metrics.callbacks(kind, outcome, n);
  }
}

async function attempt(ctx: Ctx, cb: Row, meta: ClaimedJob["meta"], allowPrivate: boolean): Promise<Outcome> {
  const n = Number(cb.logged) + 1;
  const at = ctx.now();
  const result = await postCallback({ url: cb.url, id: cb.id, body: JSON.stringify(cb.payload), secret: cb.webhook_secret, at, attempt: n }, { timeoutMs: TIMEOUT_MS, allowPrivate });
  const last = result.ok || result.permanent || meta.retryCount >= meta.retryLimit;
  return {
    callback_id: cb.id,
    account_id: cb.account_id,
    endpoint: cb.endpoint,
    attempt: n,
    at: at.toISOString(),
    status_code: result.statusCode,
    latency_ms: result.latencyMs,
    error: result.error,
    response_body: result.responseBody,
    response_headers: result.responseHeaders ? JSON.stringify(result.responseHeaders) : null,
    signature: result.signature,
    replayed_by: cb.replayed_by,
    last,
    ok: result.ok,
    completed_at: last ? ctx.now().toISOString() : null,
  };
}

const batching: BatchHandling<Payload> & { postsInFlight: number } = { handleBatch: deliverBatch, batchesInFlight: 3, postsInFlight: POSTS_IN_FLIGHT };

export const deliverCallback = Object.assign(
  defineJob({
    name: "callbacks.deliver",
    payload,
    retryLimit: 5,
    retryDelaySeconds: 2,
    retryBackoff: true,
    batchSize: 100,
    async handler(ctx, p, meta) {
      const [err] = await deliverBatch(ctx, [{ payload: p, meta }]);
      if (err) throw err;
    },
  }),
  batching,
);
