// The claim loop(s) of one queue in a worker process: claims batches as soon as the previous one
// is done while there is a backlog, runs them through the definition's handler, completes and
// fails them in bulk, renews leases and reaps the expired ones (see worker.ts for the whole).
import type PgBoss from "pg-boss";
import type { Ctx } from "../core/context.ts";
import { log } from "../log/logger.ts";
import { CHECKPOINT_KEY, checkpointClaim, claimJobs, completeClaims, failClaims, reapExpiredLeases, releaseOrphans, renewClaims, type Claim, type ClaimedRow } from "./boss.ts";
import { LeaseLost, UncertainOutcome, type BatchHandling, type ClaimedJob, type JobDefinition } from "./job.ts";
import { Attempt, Held, LEASE_MARGIN_MS } from "./held-job.ts";
import { jobSpan, takeTrace } from "./job-trace.ts";
import { failed, type Span } from "../trace/tracing.ts";
import { ClaimLoop } from "./claim-loop.ts";

export type Definition = JobDefinition & Partial<BatchHandling<unknown>>;

type FetchedJob = ClaimedRow;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * How long a loop whose queue ran dry sleeps unless woken: the worker's due probe (due-probe.ts)
 * or an enqueue in this process wakes it when a job is due; this is a safety net only.
 */
const DRY_REST_MS = 30_000;

/** The claim loop(s) of one queue in this process. */
export class QueueLoop extends ClaimLoop {
  private loops: Promise<void>[] = [];
  /** Claims in hand: not yet completed, failed, or found lost. */
  private inHand = new Map<string, Held>();
  /** Completions waiting for the statement in flight, and that statement. */
  private toComplete: Claim[] = [];
  private completing: Promise<void> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private renewing = false;
  private reaping = false;
  /** Ids whose completion or failure statement is on its way. */
  private settling = new Set<string>();
  /** A statement about our claims failed: some jobs may be active in our name that we do not hold. */
  private orphansSuspected = false;
  private claiming = 0;
  private releasing: Promise<void> | null = null;
  /** The spans of the attempts in hand, with tracing on (ended when their job settles or is lost). */
  private spans = new Map<string, Span>();

  constructor(
    private boss: PgBoss,
    private ctx: Ctx,
    private d: Definition,
    private intervalMs: number,
    private tag: string,
  ) {
    super();
  }

  start(): void {
    const lanes = Math.max(1, (this.d.handleBatch ? this.d.batchesInFlight : this.d.lanes) ?? 1);
    for (let i = 0; i < lanes; i++) this.loops.push(this.loop());
    if (this.d.leaseSeconds) {
      const leaseMs = this.d.leaseSeconds * 1000;
      this.timers.push(
        setInterval(() => void this.renew(leaseMs / 4), leaseMs / 4),
        setInterval(() => void this.reap(), Math.max(500, leaseMs / 4)),
      );
      for (const t of this.timers) t.unref();
    }
  }

  get queue(): string {
    return this.d.name;
  }

  async finished(): Promise<void> {
    await Promise.all(this.loops);
    while (this.completing || this.pending.size) await Promise.all([this.completing, ...this.pending]);
    for (const t of this.timers) clearInterval(t);
  }

  async failInHand(err: Error): Promise<void> {
    const held = [...this.inHand.values()];
    this.inHand.clear();
    for (const h of held) {
      h.abort();
      this.endSpan(h.id, err);
    }
    // Not clean: the handlers may still have work under way.
    if (held.length) await failClaims(this.boss, this.d.name, held, err.message, false).catch(() => {});
    for (const t of this.timers) clearInterval(t);
  }

  private async loop(): Promise<void> {
    const { d } = this;
    while (!this.stopping) {
      this.rest.begin();
      if (this.orphansSuspected || this.releasing) await this.releaseOrphans();
      // Jobs to claim: a batch, or what maxInHand leaves room for.
      let room = d.batchSize;
      if (d.maxInHand) {
        const max = await Promise.resolve(d.maxInHand(this.inHand.size + this.claiming, this.ctx)).catch(() => Infinity);
        // No await between this check and claiming += room: lanes cannot both pass it for one place.
        if (this.inHand.size + this.claiming >= max) {
          await this.idle(Math.min(50, this.intervalMs));
          continue;
        }
        room = Math.max(1, Math.min(room, Math.floor(max - this.inHand.size - this.claiming)));
      }
      let jobs: FetchedJob[];
      const claimedAt = performance.now();
      this.claiming += room;
      try {
        jobs = await claimJobs(this.boss, d.name, room, this.tag);
      } catch (err) {
        // The claim may have committed with its answer lost: jobs active in our name, unheld.
        this.orphansSuspected = true;
        log("error", "job engine error", { queue: d.name, error: err instanceof Error ? err.message : String(err) });
        await this.idle(this.intervalMs);
        continue;
      } finally {
        this.claiming -= room;
      }
      if (jobs.length) {
        await this.run(jobs, claimedAt);
        // A place is free again: a lane held back by maxInHand may claim now.
        if (d.maxInHand) this.wake();
      }
      // A full batch means more are waiting: claim again at once. Otherwise sleep until woken:
      // by the due probe when a job is due, or by this process enqueuing one.
      if (jobs.length < room) {
        await this.idle(DRY_REST_MS);
        if (d.gatherMs && !this.stopping) await sleep(d.gatherMs);
      }
    }
  }

  private async run(jobs: FetchedJob[], claimedAt: number): Promise<void> {
    const { d } = this;
    for (const j of jobs) {
      const leaseMs = (d.leaseSeconds || Number(j.expireInSeconds) || d.expireInSeconds) * 1000;
      this.inHand.set(j.id, new Held(j.id, j.retryCount, leaseMs, claimedAt));
    }
    // How long the batch may run (for a leased job, longer than its lease, which is renewed).
    const maxRun = Math.max(...jobs.map((j) => Number(j.expireInSeconds) || d.expireInSeconds));
    const done = new Set<string>();
    const work = this.d.handleBatch ? this.runBatch(jobs, done) : this.runEach(jobs, done);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<"expired">((r) => (timer = setTimeout(() => r("expired"), maxRun * 1000)));
    const outcome = await Promise.race([work, expired]);
    clearTimeout(timer);
    if (outcome === "expired") {
      // As pg-boss's work() did: a batch running past its expiry fails what is still in hand.
      const left = jobs.map((j) => this.inHand.get(j.id)).filter((h): h is Held => h !== undefined && !done.has(h.id));
      for (const h of left) {
        this.inHand.delete(h.id);
        h.abort();
        this.endSpan(h.id, new Error(`job ran past its expiry (${maxRun} s)`));
      }
      if (left.length)
        await failClaims(this.boss, d.name, left, `job ran past its expiry (${maxRun} s)`, false).catch(() => {
          this.orphansSuspected = true;
        });
    }
  }

  private parse(job: FetchedJob): ClaimedJob & { meta: Attempt } {
    const carried = takeTrace(job.data);
    let data = carried.data;
    let checkpoint: unknown = null;
    if (data && typeof data === "object" && !Array.isArray(data) && CHECKPOINT_KEY in data) {
      const { [CHECKPOINT_KEY]: saved, ...rest } = data as Record<string, unknown>;
      checkpoint = saved ?? null;
      data = rest;
    }
    const held = this.inHand.get(job.id) ?? new Held(job.id, job.retryCount, 0, 0);
    const { span, context } = jobSpan(this.d.name, job.id, job.retryCount, carried.parent);
    if (span) this.spans.set(job.id, span);
    const meta = new Attempt(this, held, job.retryLimit, Boolean(job.previousLost), checkpoint, context);
    return { payload: this.d.payload.parse(data), meta };
  }

  /** Ends the span of the job's attempt (an error: the attempt failed, or its outcome was not recorded). */
  private endSpan(id: string, err: unknown): void {
    const span = this.spans.get(id);
    if (!span) return;
    this.spans.delete(id);
    if (err) failed(span, err);
    span.end();
  }

  /** Whether this claim is still in this loop's hands. */
  holds(h: Held): boolean {
    return this.inHand.get(h.id) === h;
  }

  /** JobMeta.saveCheckpoint: renews the lease and stores the value, in one statement. */
  async checkpoint(meta: Attempt, h: Held, value: unknown): Promise<boolean> {
    if (!meta.leaseHeld()) return false;
    const sentAt = performance.now();
    if (await checkpointClaim(this.boss, this.d.name, h, value)) {
      h.renewedAt = Math.max(h.renewedAt, sentAt);
      return true;
    }
    this.lost(h);
    return false;
  }

  /**
   * Hands back the jobs active in this worker's name that it does not hold (their claim's answer,
   * or their completion, was lost with a connection). Claims of this queue wait meanwhile, and it
   * waits for the claims on their way, so no job it is about to receive is handed back.
   */
  private releaseOrphans(): Promise<void> {
    this.releasing ??= (async () => {
      try {
        while (this.claiming > 0) await sleep(5);
        this.orphansSuspected = false;
        const keep = [...this.inHand.keys(), ...this.settling];
        const n = await releaseOrphans(this.boss, this.d.name, this.tag, keep);
        if (n > 0) log("warn", "jobs whose claim or completion was lost with the connection are handed back", { queue: this.d.name, jobs: n });
      } catch {
        this.orphansSuspected = true; // the database is still away: again on the next round
        await sleep(this.intervalMs);
      } finally {
        this.releasing = null;
      }
    })();
    return this.releasing;
  }

  /** The database no longer has this claim active: another worker may run the job. */
  private lost(h: Held): void {
    if (this.inHand.get(h.id) !== h) return;
    this.inHand.delete(h.id);
    h.abort();
    this.endSpan(h.id, new Error("lease lost"));
    log("warn", "job lease lost; its outcome will not be recorded", { queue: this.d.name, id: h.id });
  }

  /**
   * Renews the leases of jobs in hand that have run for `olderThanMs` since their last renewal.
   * A lease that already ran out by the local clock (this process stalled) is not revived, even
   * if no other worker has reaped it yet: its handler has seen leaseHeld() turn false. It is
   * handed back at once instead.
   */
  private async renew(olderThanMs: number): Promise<void> {
    if (this.renewing) return;
    const now = performance.now();
    const runOut = [...this.inHand.values()].filter((h) => now >= h.renewedAt + h.leaseMs - LEASE_MARGIN_MS);
    for (const h of runOut) this.lost(h);
    if (runOut.length) this.track(failClaims(this.boss, this.d.name, runOut, "the lease ran out before it was renewed (the worker stalled)", false).then(() => {}));
    const due = [...this.inHand.values()].filter((h) => now - h.renewedAt >= olderThanMs - 50);
    if (!due.length) return;
    this.renewing = true;
    try {
      const held = await renewClaims(this.boss, this.d.name, due);
      for (const h of due) {
        if (held.has(h.id)) h.renewedAt = Math.max(h.renewedAt, now);
        else this.lost(h);
      }
    } catch (err) {
      // The database is out of reach: the leases run out by the local clock (leaseHeld) unless a later renewal gets through.
      log("warn", "job lease renewal failed", { queue: this.d.name, error: err instanceof Error ? err.message : String(err) });
    } finally {
      this.renewing = false;
    }
  }

  /** Hands back the jobs of this queue whose worker died or stalled past its lease. */
  private async reap(): Promise<void> {
    if (this.reaping || this.stopping) return;
    this.reaping = true;
    try {
      const n = await reapExpiredLeases(this.boss, this.d.name, this.d.leaseSeconds!);
      if (n > 0) {
        log("warn", "jobs whose lease ran out are handed to a worker again", { queue: this.d.name, jobs: n });
        this.wake();
      }
    } catch {
      // Retried on the next tick.
    } finally {
      this.reaping = false;
    }
  }

  private async runEach(jobs: FetchedJob[], done: Set<string>): Promise<void> {
    const { d, ctx } = this;
    const run = async (job: FetchedJob) => {
      try {
        const { payload, meta } = this.parse(job);
        await meta.within(() => d.handler(ctx, payload, meta));
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
    const parsed: (ClaimedJob & { meta: Attempt })[] = [];
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
      // A batch of one is wholly its job's work, in its trace; a larger one's shared statements are in none.
      const handle = () => this.d.handleBatch!(this.ctx, parsed);
      results = await (parsed.length === 1 ? parsed[0]!.meta.within(handle) : handle());
    } catch (err) {
      results = valid.map(() => (err instanceof Error ? err : new Error(String(err))));
    }
    for (const [i, job] of valid.entries()) this.settle(job.id, done, results[i] ?? null);
  }

  /** A job's outcome: completions are batched; a failure is sent at once (it is retried alone). */
  private settle(id: string, done: Set<string>, err: unknown): void {
    const h = this.inHand.get(id);
    if (!h) return; // failed meanwhile by the expiry timer, or its lease was lost
    done.add(id);
    this.endSpan(id, err);
    if (err instanceof LeaseLost) {
      this.lost(h);
      return;
    }
    this.inHand.delete(id);
    this.settling.add(id);
    if (err) {
      const message = err instanceof Error ? err.message : String(err);
      log("warn", "job failed", { job: this.d.name, id, error: message });
      this.track(
        failClaims(this.boss, this.d.name, [h], message, !(err instanceof UncertainOutcome))
          .then(
            (n) => {
              if (n === 0) log("warn", "job failure refused: its lease was lost", { queue: this.d.name, id });
            },
            (e) => {
              this.orphansSuspected = true;
              throw e;
            },
          )
          .finally(() => this.settling.delete(id)),
      );
      return;
    }
    this.toComplete.push(h);
    if (!this.completing) this.completing = this.flush();
  }

  private pending = new Set<Promise<void>>();
  private track(p: Promise<void>): void {
    const q = p.catch((e) => log("error", "job engine error", { queue: this.d.name, error: e instanceof Error ? e.message : String(e) }));
    this.pending.add(q);
    void q.finally(() => this.pending.delete(q));
  }

  /** Completes the gathered claims, one statement at a time, until none are left. */
  private async flush(): Promise<void> {
    try {
      while (this.toComplete.length) {
        const claims = this.toComplete.splice(0, 1000);
        try {
          const n = await completeClaims(this.boss, this.d.name, claims);
          if (n < claims.length) log("warn", "job completions refused: their lease was lost", { queue: this.d.name, refused: claims.length - n });
        } catch (err) {
          // Perhaps not completed: handed back (releaseOrphans) and run again (handlers are idempotent).
          this.orphansSuspected = true;
          log("error", "job engine error", { queue: this.d.name, error: err instanceof Error ? err.message : String(err) });
        } finally {
          for (const c of claims) this.settling.delete(c.id);
        }
      }
      await Promise.all(this.pending);
    } finally {
      this.completing = null;
    }
  }
}
