// Delivers callbacks: a signed JSON POST to the client's URL through the hardened client
// (outbound-http.ts: SSRF guard with pinned addresses, no redirects, one deadline). Each attempt
// is stored; an answer other than 2xx throws, so the job engine retries (up to 5 more times,
// growing delays). A refused URL or a 410 Gone ends the callback at once: it is failed, no retry.
//
// The worker hands over a claimed batch at once (lib/jobs/worker.ts, handleBatch): one query
// reads the batch's callbacks with their accounts' secrets, the POSTs go out together, and one
// statement stores every attempt and the callbacks' new state. A worker process holds two
// batches of 200 at once but has at most POSTS_IN_FLIGHT (100) POSTs under way: the other
// claimed callbacks wait in order for a free slot, so a slot is refilled as soon as its answer
// comes, also while a batch waits for its slowest answer, stores its attempts and claims the
// next (with two batches of 50 and nothing waiting, a receiver answering in 50 ms saw about a
// third of the slots idle: B5 in docs/performance.md). Batches of 200 rather than 100: the fixed
// part of each statement (claim, read, store, complete: a round trip, the executor's start, the
// job engine's bookkeeping) is spread over twice as many callbacks; two of them keep about as
// many in hand as three of 100 did (a paced endpoint's callbacks wait in hand for their turn).
//
// The webhook center (issue 20) adds: each attempt's signature and response headers, the
// endpoint's health in the same statement (store-outcomes.ts), dead letters at a paused endpoint
// (claimed callbacks wait as 'paused' without a POST), the account's pace per endpoint across
// processes (endpoint-pace.ts), and replays (same callback, same webhook-id,
// each attempt after a replay carries who asked for it).
import { z } from "zod";
import { defineJob, inJob } from "../../jobs/job.ts";
import type { BatchHandling, ClaimedJob } from "../../jobs/job.ts";
import type { Ctx } from "../context.ts";
import { Slots } from "./slots.ts";
import { storeOutcomes, type Outcome } from "./store-outcomes.ts";
import { attemptCallback, noticeDeadLetters, park, readSendable, type Sendable } from "./send-path.ts";
import type { CallbackOutcome } from "../ports/metrics.ts";

const TIMEOUT_MS = 10_000;
/** POSTs under way at once per worker process, whatever the number of batches in hand. */
const POSTS_IN_FLIGHT = 100;

const posts = new Slots(POSTS_IN_FLIGHT);
const slot = <T>(post: () => Promise<T>) => posts.run(post);

const payload = z.object({ callbackId: z.uuid() });
type Payload = z.output<typeof payload>;

async function deliverBatch(ctx: Ctx, jobs: ClaimedJob<Payload>[]): Promise<Array<Error | null>> {
  const rows = await readSendable(ctx, [...new Set(jobs.map((j) => j.payload.callbackId))]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Claimed while their endpoint is paused: they wait as dead letters, no POST.
  await park(
    ctx,
    rows.filter((r) => r.paused && r.state === "pending").map((r) => r.id),
  );
  // One attempt per callback, even if two jobs of the batch name the same one.
  const attempts = new Map<string, Promise<Outcome | null>>();
  const results = jobs.map((job) => {
    const id = job.payload.callbackId;
    let p = attempts.get(id);
    if (!p) {
      const cb = byId.get(id);
      const { meta } = job;
      p =
        cb && cb.state === "pending" && !cb.paused
          ? inJob(meta, () => attemptCallback(ctx, cb, { timeoutMs: TIMEOUT_MS, slot, last: (r) => r.ok || r.permanent || meta.retryCount >= meta.retryLimit }))
          : Promise.resolve(null);
      attempts.set(id, p);
    }
    return p;
  });
  const outcomes = await Promise.all(results);
  const written = [...new Set(outcomes.filter((o): o is Outcome => o !== null))];
  const deadLetters = await storeOutcomes(ctx, written);
  countOutcomes(ctx, written, byId);
  await noticeDeadLetters(ctx, written, deadLetters);
  return outcomes.map((o) => (o && !o.ok && !o.last && !deadLetters.has(o.callback_id) ? new Error(`callback answered ${o.status_code || o.error}`) : null));
}

/** The batch's attempts for the metrics, one call per kind and outcome. */
function countOutcomes(ctx: Ctx, written: readonly Outcome[], byId: ReadonlyMap<string, Sendable>): void {
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

const batching: BatchHandling<Payload> & { postsInFlight: number } = { handleBatch: deliverBatch, batchesInFlight: 2, postsInFlight: POSTS_IN_FLIGHT };

export const deliverCallback = Object.assign(
  defineJob({
    name: "callbacks.deliver",
    payload,
    retryLimit: 5,
    retryDelaySeconds: 2,
    retryBackoff: true,
    batchSize: 200,
    // A batch waits for its endpoints' pace: 400 callbacks in hand for an endpoint paced at one a
    // second take 400 s. The lease is renewed meanwhile (a worker that died hands its callbacks to
    // another within about 40 s); the batch may run an hour. Before, a batch past the 300 s
    // expiry was failed and retried while its POSTs went on: those callbacks went twice. A worker
    // that stalls past its lease still sends what it holds when it wakes (a webhook is sent at
    // least once): a callback is never left unsent because its job's claims were lost.
    leaseSeconds: 30,
    expireInSeconds: 3600,
    async handler(ctx, p, meta) {
      const [err] = await deliverBatch(ctx, [{ payload: p, meta }]);
      if (err) throw err;
    },
  }),
  batching,
);
