// A job is a name, a payload schema and a handler; retries, backoff and expiry are data.
import type { z } from "zod";
import type { Ctx } from "../core/context.ts";

export interface JobMeta {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  // The worker sets the rest; they are optional so that a handler can be called directly (tests).
  /**
   * The previous attempt ended without a verdict: its worker died, stalled past its lease or was
   * stopped while the job ran. Whatever it had begun (a submit_sm on the wire…) may have happened.
   */
  previousLost?: boolean;
  /** What an earlier attempt last saved with saveCheckpoint (null when none did). */
  checkpoint?: unknown;
  /**
   * Whether this attempt still holds the job. Judged on the local clock against the last renewal
   * the database confirmed, so it turns false at once in a process that wakes up after a stall.
   */
  leaseHeld?(): boolean;
  /** Aborted when the lease is known to be lost (another worker may run the job meanwhile). */
  signal?: AbortSignal;
  /**
   * Renews the lease and stores `value` on the job for a later attempt (meta.checkpoint), in one
   * statement. Resolves false when the lease is lost; the handler should then stop.
   */
  saveCheckpoint?(value: unknown): Promise<boolean>;
  /**
   * Runs fn in this job's trace (the span of its attempt, child of whoever enqueued it), for a
   * batch handler's work on behalf of one job of the batch; fn as is without tracing.
   */
  within?<T>(fn: () => T): T;
}

/** What enqueuing a job needs: its queue's name and its payload's schema. */
export interface JobRef<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> extends JobRef<S> {
  handler(ctx: Ctx, payload: z.output<S>, meta: JobMeta): Promise<void>;
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /**
   * How long a job may run; without leaseSeconds also how long it stays active before it is
   * treated as lost and retried (pg-boss's expiry, by its maintenance every 10 s, with backoff).
   */
  expireInSeconds: number;
  /**
   * A lease the worker renews while the job runs (every quarter of it): a job whose worker died or
   * stalled is handed to another within about 1.25 × this many seconds, at once rather than after
   * a backoff, and the first worker's late completion is refused. Shorter than expireInSeconds.
   */
  leaseSeconds?: number;
  /** Jobs a worker claims per fetch. */
  batchSize: number;
  /** Jobs of a claimed batch run at once (1: one after the other). */
  concurrency: number;
  /**
   * Claim loops of this queue in each worker process (default 1), each claiming batchSize jobs
   * and running them before it claims again. Several loops with batchSize 1 keep that many jobs
   * running with no barrier: a loop whose job ends claims the next at once, while a batch of
   * `concurrency` waits for its slowest job.
   */
  lanes?: number;
  /**
   * Jobs this process may hold at once, asked before each claim with how many it holds (default:
   * no limit beyond the lanes). A worker that cannot go faster (its SMSC account's rate) claims
   * the next job only when the ones it holds are nearly done, and leaves the rest of the queue to
   * other workers instead of holding it. While it says no, the lanes ask again every 50 ms.
   */
  maxInHand?: (held: number, ctx: Ctx) => number | Promise<number>;
  /**
   * Once the queue has run dry, how long a loop woken by a new job waits before it claims (default
   * 0: at once). Jobs that come in a stream then go in batches of several instead of one by one,
   * for a definition whose batch costs about the same whatever its size (handleBatch); each job
   * waits this much longer.
   */
  gatherMs?: number;
  /** Cron expression for recurring jobs. */
  cron?: string;
}

export function defineJob<S extends z.ZodType>(job: Pick<JobDefinition<S>, "name" | "payload" | "handler"> & Partial<JobDefinition<S>>): JobDefinition<S> {
  return { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 300, batchSize: 20, concurrency: 1, ...job };
}

/** One claimed job as a batch handler sees it. */
export interface ClaimedJob<P = unknown> {
  payload: P;
  meta: JobMeta;
}

/**
 * A definition may handle a claimed batch as a whole (one query for all its rows, one write for
 * all its results) instead of job by job: `handleBatch` returns, per job in order, null when it
 * succeeded or the error that makes it retry. `batchesInFlight` batches of one queue run at
 * once in this process (default 1); `concurrency` is not used for such jobs.
 */
export interface BatchHandling<P = never> {
  handleBatch(ctx: Ctx, jobs: ClaimedJob<P>[]): Promise<Array<Error | null>>;
  batchesInFlight?: number;
}

/** Runs fn in the job's trace (JobMeta.within), or as is outside a worker. */
export const inJob = <T>(meta: JobMeta, fn: () => T): T => (meta.within ? meta.within(fn) : fn());

/** Whether the handler still holds its job (true outside a worker). */
export const leaseHeld = (meta: JobMeta): boolean => meta.leaseHeld?.() ?? true;

/** Thrown by a handler that finds its lease lost: the attempt ends without touching anything more. */
export class LeaseLost extends Error {
  constructor(job: string) {
    super(`lease of ${job} lost: another worker has taken the job over`);
    this.name = "LeaseLost";
  }
}

/**
 * A failure after which some of the attempt's effects are unknown (an SMSC answer it could not
 * record, say): the next attempt is told, as after a lost lease (JobMeta.previousLost).
 */
export class UncertainOutcome extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UncertainOutcome";
  }
}

/**
 * Work whose items are rows of a table of their own, claimed from that table directly instead of
 * through a pg-boss job per row (callbacks: lib/core/callbacks/deliver-callback.ts). Each row
 * carries when it is next due; a claim pushes that a lease ahead, so a row whose worker died is
 * claimed again when its lease runs out, and the statement that stores a row's outcome sets its
 * next due time (a retry) or takes it out of the work. The worker (table-loop.ts) runs
 * `batchesInFlight` claims of up to `batchSize` rows at once, renews the leases of rows still in
 * hand every quarter of `leaseSeconds`, and is woken by `ctx.wake(work)` like a queue's loops.
 */
export interface TableWork<R = unknown> {
  name: string;
  batchSize: number;
  batchesInFlight: number;
  leaseSeconds: number;
  /** Claims up to n due rows, each leased for def.leaseSeconds. */
  claim(ctx: Ctx, n: number, def: TableWork<R>): Promise<R[]>;
  /** Does the work of a claimed batch and stores its outcome; resolves when that is stored. */
  handle(ctx: Ctx, rows: R[], def: TableWork<R>): Promise<void>;
  /** Renews the leases of rows still in hand (def.leaseSeconds from now). */
  renew(ctx: Ctx, rows: R[], def: TableWork<R>): Promise<void>;
  /** Makes rows in hand due at once: a stopping worker could not wait for them. */
  release(ctx: Ctx, rows: R[]): Promise<void>;
  /**
   * A statement answering one row, `jobs` (int: rows due and not yet claimed) and `age` (float8:
   * seconds since the oldest of them came due), for the queue gauges (switchboard_queue_jobs).
   */
  backlog: string;
}

/** What a worker runs: queues of pg-boss jobs, and work claimed from tables. */
export type WorkDefinition = JobDefinition | TableWork;

export const isTableWork = (d: WorkDefinition): d is TableWork => "claim" in d;

/** A queue of pg-boss jobs, not work claimed from a table. */
export const isJob = (d: WorkDefinition): d is JobDefinition => !isTableWork(d);
