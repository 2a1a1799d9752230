// The worker: claims jobs in batches, runs each through its definition's handler, and on stop
// waits for the jobs in hand. A job held by a worker that died expires and is retried.
//
// It claims with its own fetch loops over pg-boss's fetch/complete/fail rather than pg-boss's
// work(): work() sleeps a polling interval (at least 0.5 s) after every batch, capping a queue
// near batchSize ÷ interval (40 jobs/s with batches of 20). Here a loop claims its next batch
// as soon as the previous one is done when that one was full (a backlog), and sleeps only when
// the queue ran dry, until the interval passes or code in this process wakes it (lib/jobs/wake.ts).
// Completions go to the database in bulk, one statement at a time per queue, off the claim path.
import type PgBoss from "pg-boss";
import type { Database } from "../db/connection.ts";
import { contextFor, type Ctx } from "../core/context.ts";
import { log } from "../http/logger.ts";
import { claimJobs, createBoss, ensureQueues, type ClaimedRow } from "./boss.ts";
import type { JobDefinition, JobMeta } from "./job.ts";
import { registerWaker } from "./wake.ts";

export interface Worker {
  boss: PgBoss;
  stop(timeoutMs?: number): Promise<void>;
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

type Definition = JobDefinition & Partial<BatchHandling<unknown>>;

type FetchedJob = ClaimedRow;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startWorker(
  database: Database,
  definitions: JobDefinition[],
  options: { pollingIntervalSeconds?: number; maintenanceIntervalSeconds?: number; now?: () => Date } = {},
): Promise<Worker> {
  const boss = createBoss(database, { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds });
  await boss.start();
  await ensureQueues(boss, definitions);
  const ctx = contextFor(database, options.now);
  await ctx.enqueue.prepare(definitions);
  const intervalMs = Math.max(50, (options.pollingIntervalSeconds ?? 0.5) * 1000);
  const queues: QueueLoop[] = [];
  for (const d of definitions as Definition[]) {
    if (d.cron) await boss.schedule(d.name, d.cron, {}, { tz: "UTC" });
    const q = new QueueLoop(boss, ctx, d, intervalMs);
    q.unregister = registerWaker(d.name, () => q.wake());
    queues.push(q);
  }
  for (const q of queues) q.start();
  log("info", "worker started", { queues: definitions.map((d) => d.name), database: database.kind });
  let stopping: Promise<void> | null = null;
  return {
    boss,
    stop: (timeoutMs = 30_000) =>
      (stopping ??= (async () => {
        for (const q of queues) q.stop();
        const finished = Promise.all(queues.map((q) => q.finished()));
        const inTime = await Promise.race([finished.then(() => true), sleep(timeoutMs).then(() => false)]);
        // Jobs still in hand after the timeout are failed, so they are retried (by another worker).
        if (!inTime) await Promise.all(queues.map((q) => q.failInHand(new Error("worker stopped before the job finished"))));
        await boss.stop({ graceful: true, wait: true, timeout: 1000, close: false });
      })()),
  };
}

/** The claim loop(s) of one queue in this process. */
class QueueLoop {
  unregister: () => void = () => {};
  private stopping = false;
  private waiters = new Set<() => void>();
  private woken = false;
  private loops: Promise<void>[] = [];
  /** Ids claimed and not yet completed or failed. */
  private inHand = new Set<string>();
  /** Completions waiting for the statement in flight, and that statement. */
  private toComplete: string[] = [];
  private completing: Promise<void> | null = null;

  constructor(
    private boss: PgBoss,
    private ctx: Ctx,
    private d: Definition,
    private intervalMs: number,
  ) {}

  start(): void {
    const lanes = this.d.handleBatch ? Math.max(1, this.d.batchesInFlight ?? 1) : 1;
    for (let i = 0; i < lanes; i++) this.loops.push(this.loop());
  }

  wake(): void {
    this.woken = true;
    for (const w of [...this.waiters]) w();
  }

  stop(): void {
    this.unregister();
    this.stopping = true;
    this.wake();
  }

  async finished(): Promise<void> {
    await Promise.all(this.loops);
    while (this.completing || this.pending.size) await Promise.all([this.completing, ...this.pending]);
  }

  async failInHand(err: Error): Promise<void> {
    const ids = [...this.inHand];
    this.inHand.clear();
    if (ids.length) await this.failMany(ids, err.message).catch(() => {});
  }

  private async idle(ms: number): Promise<void> {
    if (this.woken || this.stopping) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.waiters.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  private async loop(): Promise<void> {
    const { d } = this;
    while (!this.stopping) {
      this.woken = false;
      let jobs: FetchedJob[];
      try {
        jobs = await claimJobs(this.boss, d.name, d.batchSize);
      } catch (err) {
        log("error", "job engine error", { queue: d.name, error: err instanceof Error ? err.message : String(err) });
        await this.idle(this.intervalMs);
        continue;
      }
      if (jobs.length) await this.run(jobs);
      // A full batch means more are waiting: claim again at once. Otherwise sleep until the
      // interval passes or this process enqueues one (wake).
      if (jobs.length < d.batchSize) await this.idle(this.intervalMs);
    }
  }

  private async run(jobs: FetchedJob[]): Promise<void> {
    const { d } = this;
    for (const j of jobs) this.inHand.add(j.id);
    const maxExpiry = Math.max(...jobs.map((j) => Number(j.expireInSeconds) || d.expireInSeconds));
    const done = new Set<string>();
    const work = this.d.handleBatch ? this.runBatch(jobs, done) : this.runEach(jobs, done);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<"expired">((r) => (timer = setTimeout(() => r("expired"), maxExpiry * 1000)));
    const outcome = await Promise.race([work, expired]);
    clearTimeout(timer);
    if (outcome === "expired") {
      // As pg-boss's work() did: a batch running past its expiry fails what is still in hand.
      const left = jobs.map((j) => j.id).filter((id) => !done.has(id) && this.inHand.has(id));
      for (const id of left) this.inHand.delete(id);
      if (left.length) await this.failMany(left, `job ran past its expiry (${maxExpiry} s)`).catch(() => {});
    }
  }

  /** pg-boss's fail() with several ids and an output (its types allow only one of the two). */
  private failMany(ids: string[], message: string): Promise<unknown> {
    return (this.boss.fail as unknown as (name: string, ids: string[], data: object) => Promise<unknown>).call(this.boss, this.d.name, ids, { message });
  }

  private parse(job: FetchedJob): ClaimedJob {
    return { payload: this.d.payload.parse(job.data), meta: { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit } };
  }

  private async runEach(jobs: FetchedJob[], done: Set<string>): Promise<void> {
    const { d, ctx } = this;
    const run = async (job: FetchedJob) => {
      try {
        const { payload, meta } = this.parse(job);
        await d.handler(ctx, payload, meta);
        this.settle(job.id, done, null);
      } catch (err) {
        this.settle(job.id, done, err);
      }
    };
    // Up to `concurrency` jobs of the claimed batch at once (one at a time by default).
    let next = 0;
    const lane = async () => {
      while (next < jobs.length) await run(jobs[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(Math.max(1, d.concurrency), jobs.length) }, lane));
  }

  private async runBatch(jobs: FetchedJob[], done: Set<string>): Promise<void> {
    const parsed: ClaimedJob[] = [];
    const valid: FetchedJob[] = [];
    for (const job of jobs) {
      try {
        parsed.push(this.parse(job));
        valid.push(job);
      } catch (err) {
        this.settle(job.id, done, err);
      }
    }
    if (!valid.length) return;
    let results: Array<Error | null>;
    try {
      results = await this.d.handleBatch!(this.ctx, parsed);
    } catch (err) {
      results = valid.map(() => (err instanceof Error ? err : new Error(String(err))));
    }
    valid.forEach((job, i) => this.settle(job.id, done, results[i] ?? null));
  }

  /** A job's outcome: completions are batched; a failure is sent at once (pg-boss retries it alone). */
  private settle(id: string, done: Set<string>, err: unknown): void {
    if (!this.inHand.has(id)) return; // failed meanwhile by the expiry timer
    done.add(id);
    this.inHand.delete(id);
    if (err) {
      const message = err instanceof Error ? err.message : String(err);
      log("warn", "job failed", { job: this.d.name, id, error: message });
      this.track(this.boss.fail(this.d.name, id, { message }).then(() => {}));
      return;
    }
    this.toComplete.push(id);
    if (!this.completing) this.completing = this.flush();
  }

  private pending = new Set<Promise<void>>();
  private track(p: Promise<void>): void {
    const q = p.catch((e) => log("error", "job engine error", { queue: this.d.name, error: e instanceof Error ? e.message : String(e) }));
    this.pending.add(q);
    void q.finally(() => this.pending.delete(q));
  }

  /** Completes the gathered ids, one statement at a time, until none are left. */
  private async flush(): Promise<void> {
    try {
      while (this.toComplete.length) {
        const ids = this.toComplete.splice(0, 1000);
        try {
          await this.boss.complete(this.d.name, ids);
        } catch (err) {
          // Not completed: the jobs expire and run again (handlers are idempotent).
          log("error", "job engine error", { queue: this.d.name, error: err instanceof Error ? err.message : String(err) });
        }
      }
      await Promise.all(this.pending);
    } finally {
      this.completing = null;
    }
  }
}
