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
import { z } from "zod";
import { defineJob } from "../../jobs/job.ts";
import type { BatchHandling, ClaimedJob } from "../../jobs/job.ts";
import type { Ctx } from "../context.ts";
import { postCallback } from "./outbound-http.ts";
import type { CallbackOutcome } from "../ports/metrics.ts";

const TIMEOUT_MS = 10_000;
/** POSTs under way at once per worker process, whatever the number of batches in hand. */
const POSTS_IN_FLIGHT = 100;

/** Runs at most `limit` tasks at once; the others wait their turn, first come first served. */
class Slots {
  private busy = 0;
  private waiting: Array<() => void> = [];
  constructor(readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.busy < this.limit) this.busy++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    }
  }
}
const posts = new Slots(POSTS_IN_FLIGHT);

const payload = z.object({ callbackId: z.uuid() });
type Payload = z.output<typeof payload>;

interface Row {
  id: string;
  kind: string;
  url: string;
  payload: unknown;
  state: string;
  webhook_secret: string;
  logged: number;
}

interface Outcome {
  callback_id: string;
  attempt: number;
  at: string;
  status_code: number;
  latency_ms: number;
  error: string;
  response_body: string;
  last: boolean;
  ok: boolean;
  completed_at: string | null;
}

async function deliverBatch(ctx: Ctx, jobs: ClaimedJob<Payload>[]): Promise<Array<Error | null>> {
  const ids = [...new Set(jobs.map((j) => j.payload.callbackId))];
  // callbacks.attempts counts the stored attempts (the statement that stores one sets it).
  const { rows } = await ctx.sql.query<Row>(
    `SELECT c.id, c.kind, c.url, c.payload, c.state, a.webhook_secret, c.attempts AS logged
       FROM callbacks c JOIN accounts a ON a.id = c.account_id
      WHERE c.id = ANY($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const allowPrivate = ctx.config.allowPrivateCallbackUrls;
  // One attempt per callback, even if two jobs of the batch name the same one.
  const attempts = new Map<string, Promise<Outcome | null>>();
  const results = jobs.map((job) => {
    const id = job.payload.callbackId;
    let p = attempts.get(id);
    if (!p) {
      const cb = byId.get(id);
      p = cb && cb.state === "pending" ? posts.run(() => attempt(ctx, cb, job.meta, allowPrivate)) : Promise.resolve(null);
      attempts.set(id, p);
    }
    return p;
  });
  const outcomes = await Promise.all(results);
  const written = [...new Set(outcomes.filter((o): o is Outcome => o !== null))];
  // Arrays, not a JSON document: the planner sees how many rows there are and updates them by
  // primary key (a JSON recordset is estimated at 100 rows and hash-joined with a scan of callbacks).
  const col = <K extends keyof Outcome>(k: K) => written.map((o) => o[k]);
  if (written.length)
    await ctx.sql.query(
      `WITH r AS (
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::int[], $5::int[], $6::text[], $7::text[], $8::boolean[], $9::boolean[], $10::timestamptz[])
           AS r(callback_id, attempt, at, status_code, latency_ms, error, response_body, last, ok, completed_at)
       ), logged AS (
         INSERT INTO callback_attempts (id, callback_id, attempt, at, status_code, latency_ms, error, response_body)
         SELECT gen_random_uuid(), callback_id, attempt, at, status_code, latency_ms, error, response_body FROM r
       )
       UPDATE callbacks c
          SET attempts = r.attempt,
              state = CASE WHEN r.last THEN CASE WHEN r.ok THEN 'delivered' ELSE 'failed' END ELSE c.state END,
              completed_at = CASE WHEN r.last THEN r.completed_at ELSE c.completed_at END
         FROM r
        WHERE c.id = r.callback_id`,
      [col("callback_id"), col("attempt"), col("at"), col("status_code"), col("latency_ms"), col("error"), col("response_body"), col("last"), col("ok"), col("completed_at")],
    );
  countOutcomes(ctx, written, byId);
  return outcomes.map((o) => (o && !o.ok && !o.last ? new Error(`callback answered ${o.status_code || o.error}`) : null));
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
    attempt: n,
    at: at.toISOString(),
    status_code: result.statusCode,
    latency_ms: result.latencyMs,
    error: result.error,
    response_body: result.responseBody,
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
