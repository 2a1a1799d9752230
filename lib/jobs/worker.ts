// The worker: claims jobs in batches, runs each through its definition's handler, and on stop
// waits for the jobs in hand. A job held by a worker that died expires and is retried.
import type PgBoss from "pg-boss";
import type { Database } from "../db/connection.ts";
import { contextFor } from "../core/context.ts";
import { log } from "../http/logger.ts";
import { createBoss, ensureQueues } from "./boss.ts";
import type { JobDefinition } from "./job.ts";
import { registerWaker } from "./wake.ts";

export interface Worker {
  boss: PgBoss;
  stop(timeoutMs?: number): Promise<void>;
}

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
  const unregister: (() => void)[] = [];
  for (const d of definitions) {
    if (d.cron) await boss.schedule(d.name, d.cron, {}, { tz: "UTC" });
    const workerId = await boss.work<object>(
      d.name,
      { batchSize: d.batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, includeMetadata: true },
      async (batch) => {
        const run = async (job: (typeof batch)[number]) => {
          try {
            await d.handler(ctx, d.payload.parse(job.data), { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
          } catch (err) {
            log("warn", "job failed", { job: d.name, id: job.id, error: err instanceof Error ? err.message : String(err) });
            // Fail this one so pg-boss retries it alone; the rest of the batch completes.
            await boss.fail(d.name, job.id, { message: err instanceof Error ? err.message : String(err) });
          }
        };
        // Up to `concurrency` jobs of the claimed batch at once (one at a time by default).
        let next = 0;
        const lane = async () => {
          while (next < batch.length) await run(batch[next++]);
        };
        await Promise.all(Array.from({ length: Math.min(d.concurrency, batch.length) }, lane));
      },
    );
    unregister.push(registerWaker(d.name, () => boss.notifyWorker(workerId)));
  }
  log("info", "worker started", { queues: definitions.map((d) => d.name), database: database.kind });
  return {
    boss,
    stop: async (timeoutMs = 30_000) => {
      for (const off of unregister) off();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
  };
}
