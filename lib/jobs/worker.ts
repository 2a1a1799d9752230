// The worker: claims jobs in batches, runs each through its definition's handler, and on stop
// waits for the jobs in hand. A job held by a worker that died expires and is retried.
//
// It claims with its own fetch loops over pg-boss's fetch/complete/fail rather than pg-boss's
// work(): work() sleeps a polling interval (at least 0.5 s) after every batch, capping a queue
// near batchSize ÷ interval (40 jobs/s with batches of 20). Here a loop claims its next batch
// as soon as the previous one is done when that one was full (a backlog), and sleeps only when
// the queue ran dry, until code in this process enqueues (lib/jobs/wake.ts) or the due probe, one
// statement for all the worker's queues each interval, finds a job due (due-probe.ts).
// Completions go to the database in bulk, one statement at a time per queue, off the claim path.
// Work whose items are rows of their own table (TableWork in job.ts: callbacks) has no pg-boss
// queue: its loops (table-loop.ts) claim from that table and poll it themselves.
//
// Leases: a claim is the job's id with its retry_count (boss.ts). Completions and failures name
// both, so a worker that comes back after its job was handed to another (a stall, a pause, a
// network partition) changes nothing. A definition with leaseSeconds has its leases renewed here
// every quarter of that while its jobs run, and jobs whose lease ran out (their worker died) are
// handed back for a retry within a quarter of it; handlers see whether they still hold the job
// (meta.leaseHeld, meta.signal) and can leave a checkpoint for the next attempt.
import type PgBoss from "pg-boss";
import type { Database } from "../db/connection.ts";
import type { Ctx } from "../core/context.ts";
import { log } from "../log/logger.ts";
import { createBoss, ensureQueues, workerTag } from "./boss.ts";
import { isJob, isTableWork, type WorkDefinition } from "./job.ts";
import { registerWaker } from "./wake.ts";
import { QueueLoop, type Definition } from "./queue-loop.ts";
import { TableLoop } from "./table-loop.ts";
import { startDueProbe } from "./due-probe.ts";

export interface Worker {
  boss: PgBoss;
  stop(timeoutMs?: number): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface WorkerOptions {
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
}

/** Runs `definitions` with `ctx` (the composition root's lib/server/worker.ts builds both). */
export async function runWorker(ctx: Ctx, database: Database, work: WorkDefinition[], options: WorkerOptions = {}): Promise<Worker> {
  const definitions = work.filter(isJob);
  const boss = createBoss(database, { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds });
  await boss.start();
  await ensureQueues(boss, definitions);
  await ctx.enqueue.prepare(definitions);
  const intervalMs = Math.max(50, (options.pollingIntervalSeconds ?? 0.5) * 1000);
  const queues: QueueLoop[] = [];
  const tag = workerTag();
  for (const d of definitions as Definition[]) {
    if (d.cron) await boss.schedule(d.name, d.cron, {}, { tz: "UTC" });
    const q = new QueueLoop(boss, ctx, d, intervalMs, tag);
    q.unregister = registerWaker(d.name, () => q.wake());
    queues.push(q);
  }
  // Work claimed from its own table polls that table itself (its claim is its probe).
  const tables = work.filter(isTableWork).map((d) => {
    const t = new TableLoop(ctx, d, intervalMs);
    t.unregister = registerWaker(d.name, () => t.wake());
    return t;
  });
  for (const q of [...queues, ...tables]) q.start();
  const probe = startDueProbe(boss, queues, intervalMs);
  log("info", "worker started", { queues: work.map((d) => d.name), database: database.kind });
  let stopping: Promise<void> | null = null;
  return {
    boss,
    stop: (timeoutMs = 30_000) =>
      (stopping ??= (async () => {
        probe.stop();
        for (const q of [...queues, ...tables]) q.stop();
        const finished = Promise.all([...queues, ...tables].map((q) => q.finished()));
        const inTime = await Promise.race([finished.then(() => true), sleep(timeoutMs).then(() => false)]);
        // Jobs still in hand after the timeout are failed, so they are retried (by another worker).
        if (!inTime) {
          await Promise.all(queues.map((q) => q.failInHand(new Error("worker stopped before the job finished"))));
          await Promise.all(tables.map((t) => t.releaseInHand()));
        }
        await boss.stop({ graceful: true, wait: true, timeout: 1000, close: false });
      })()),
  };
}
