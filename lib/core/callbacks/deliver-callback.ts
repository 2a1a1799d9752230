// Delivers callbacks: a signed JSON POST to the client's URL through the hardened client
// (outbound-http.ts: SSRF guard with pinned addresses, no redirects, one deadline). Each attempt
// is stored; an answer other than 2xx is retried (up to 5 more times, growing delays). A refused
// URL or a 410 Gone ends the callback at once: it is failed, no retry.
//
// The callbacks are claimed from their own table, not through a pg-boss job each (issue 23, B5):
// a pending callback is due at `due_at` (set when it is recorded, in the same statement), and one
// statement claims the next batch of due callbacks with what sending them needs (their accounts'
// secrets, endpoints' pause, the account's pace), moving each one lease ahead; a worker that dies
// leaves them to be claimed again when the lease runs out. After the POSTs, one statement
// (store-outcomes.ts) stores every attempt, the endpoints' health and each callback's new state,
// with the next due time of those to retry. Two statements per batch where a job per callback took
// four (claim the jobs, read the callbacks, store, complete the jobs) and wrote each job's row
// twice. The worker's loop is lib/jobs/table-loop.ts.
//
// A worker process holds two batches of 200 at once but has at most POSTS_IN_FLIGHT (100) POSTs
// under way: the other claimed callbacks wait in order for a free slot, so a slot is refilled as
// soon as its answer comes, also while a batch waits for its slowest answer, stores its attempts
// and claims the next (B5 in docs/performance.md).
//
// The webhook center (issue 20) adds: each attempt's signature and response headers, the
// endpoint's health in the same statement (store-outcomes.ts), dead letters at a paused endpoint
// (claimed callbacks wait as 'paused' without a POST), the account's pace per endpoint across
// processes (endpoint-pace.ts), and replays (same callback, same webhook-id, a new round of
// retries; each attempt after a replay carries who asked for it).
import type { TableWork } from "../../jobs/job.ts";
import type { Ctx } from "../context.ts";
import { Slots } from "./slots.ts";
import { storeOutcomes, type Outcome } from "./store-outcomes.ts";
import { attemptCallback, noticeDeadLetters, park, readSendable, sendableFrom, type Sendable } from "./send-path.ts";
import type { PostResult } from "./outbound-http.ts";
import type { CallbackOutcome } from "../ports/metrics.ts";
import { contextOfCarrier, inSpan, ROOT_CONTEXT, SpanKind, tracingOn } from "../../trace/tracing.ts";

const TIMEOUT_MS = 10_000;
/** POSTs under way at once per worker process, whatever the number of batches in hand. */
const POSTS_IN_FLIGHT = 100;

const posts = new Slots(POSTS_IN_FLIGHT);
const slot = <T>(post: () => Promise<T>) => posts.run(post);

export interface CallbackWork extends TableWork<Sendable> {
  /** Retries after the first attempt of a round (a replay begins a new round). */
  retryLimit: number;
  /** The first retry's delay; doubling (with jitter) after each failure when retryBackoff. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  postsInFlight: number;
}

// The claim: the next due callbacks, oldest due first (callbacks_due_idx), locked past other
// workers' claims, each leased $2 seconds ahead; returned with what sending them needs.
const CLAIM = `WITH due AS (
  SELECT id FROM callbacks WHERE state = 'pending' AND due_at <= now() ORDER BY due_at, created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED
), c AS (
  UPDATE callbacks SET due_at = now() + $2 * interval '1 second' FROM due WHERE callbacks.id = due.id RETURNING callbacks.*
)${sendableFrom("c")}
 ORDER BY c.created_at, c.id`;

/** When the callback is claimed again after a failed attempt that was not its last (pg-boss's schedule, as before). */
function retryDelayMs(def: CallbackWork, failuresBefore: number): number {
  if (!def.retryBackoff) return def.retryDelaySeconds * 1000;
  const base = def.retryDelaySeconds * 2 ** Math.min(16, failuresBefore) * 1000;
  return Math.round(base + base * Math.random());
}

/** The attempt of one claimed callback, in the trace of the change that caused it. */
function attempt(ctx: Ctx, cb: Sendable, def: CallbackWork): Promise<Outcome> {
  // Attempts of this round before this one; the round has 1 + retryLimit.
  const before = Number(cb.logged) - Number(cb.round_from);
  const last = (r: PostResult) => r.ok || r.permanent || before >= def.retryLimit;
  const send = () => attemptCallback(ctx, cb, { timeoutMs: TIMEOUT_MS, slot, last, retryInMs: (_r, isLast) => (isLast ? null : retryDelayMs(def, before)) });
  if (!tracingOn()) return send();
  return inSpan(
    `job ${def.name}`,
    {
      kind: SpanKind.CONSUMER,
      parent: contextOfCarrier(cb.trace) ?? ROOT_CONTEXT,
      attributes: { "messaging.system": "switchboard", "messaging.destination.name": def.name, "messaging.message.id": cb.id, "switchboard.job.retry_count": before },
    },
    send,
  );
}

/** Sends claimed callbacks and stores the outcome: one attempt each, or a dead letter at a paused endpoint. */
async function handle(ctx: Ctx, rows: Sendable[], def: CallbackWork): Promise<void> {
  // Claimed while their endpoint is paused: they wait as dead letters, no POST.
  await park(
    ctx,
    rows.filter((r) => r.paused && r.state === "pending").map((r) => r.id),
  );
  const outcomes = await Promise.all(rows.filter((r) => r.state === "pending" && !r.paused).map((cb) => attempt(ctx, cb, def)));
  const deadLetters = await storeOutcomes(ctx, outcomes);
  countOutcomes(ctx, outcomes, rows);
  await noticeDeadLetters(ctx, outcomes, deadLetters);
}

/** The batch's attempts for the metrics, one call per kind and outcome. */
function countOutcomes(ctx: Ctx, written: readonly Outcome[], rows: readonly Sendable[]): void {
  const kinds = new Map(rows.map((r) => [r.id, r.kind]));
  const counts = new Map<string, number>();
  for (const o of written) {
    const key = `${kinds.get(o.callback_id) ?? ""}|${o.ok ? "delivered" : o.last ? "abandoned" : "failed"}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [key, n] of counts) {
    const [kind, outcome] = key.split("|") as [string, CallbackOutcome];
    ctx.metrics.callbacks(kind, outcome, n);
  }
}

const ids = (rows: readonly Sendable[]) => rows.map((r) => r.id);
/** The pending callbacks among $1 that no other statement holds. */
const HELD = "SELECT id FROM callbacks WHERE id = ANY($1::uuid[]) AND state = 'pending' FOR UPDATE SKIP LOCKED";

export const deliverCallback: CallbackWork = {
  name: "callbacks.deliver",
  batchSize: 200,
  batchesInFlight: 2,
  postsInFlight: POSTS_IN_FLIGHT,
  retryLimit: 5,
  retryDelaySeconds: 2,
  retryBackoff: true,
  // A batch waits for its endpoints' pace: 400 callbacks in hand for an endpoint paced at one a
  // second take 400 s. The lease is renewed meanwhile (a worker that died hands its callbacks to
  // another within about 40 s). A worker that stalls past its lease still sends what it holds when
  // it wakes (a webhook is sent at least once), and a late outcome never turns a delivered
  // callback back (store-outcomes.ts).
  leaseSeconds: 30,
  async claim(ctx, n, def) {
    return (await ctx.sql.prepared<Sendable>("callbacks_claim", CLAIM, [n, def.leaseSeconds])).rows;
  },
  handle: (ctx, rows, def) => handle(ctx, rows, def as CallbackWork),
  // Renewing and releasing skip the rows a store is settling at that moment (they leave the work
  // anyway): waiting for them, two statements locking the same callbacks in different orders
  // deadlocked, and PostgreSQL cancelled the store, whose batch then went out twice.
  async renew(ctx, rows, def) {
    // A renewal that lands just after a retry was stored pushes that retry to the lease's end: late, never lost.
    await ctx.sql.query(`UPDATE callbacks SET due_at = now() + $2 * interval '1 second' WHERE id IN (${HELD})`, [ids(rows), def.leaseSeconds]);
  },
  async release(ctx, rows) {
    await ctx.sql.query(`UPDATE callbacks SET due_at = now() WHERE id IN (${HELD})`, [ids(rows)]);
  },
  // Claimed ones are due a lease ahead: not counted.
  backlog: "SELECT count(*)::int AS jobs, COALESCE(EXTRACT(EPOCH FROM now() - min(due_at)), 0)::float8 AS age FROM callbacks WHERE state = 'pending' AND due_at <= now()",
};

/**
 * Sends these callbacks now, whatever their due time (tests, and what must not wait for the
 * sender's next claim): the same attempt and store as a claimed batch, with `def`'s retries.
 */
export async function sendCallbacksNow(ctx: Ctx, callbackIds: readonly string[], def: CallbackWork = deliverCallback): Promise<void> {
  await handle(ctx, await readSendable(ctx, callbackIds), def);
}
