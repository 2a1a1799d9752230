// A job worker of this process: every job of the list (jobs.ts) unless told otherwise, with the
// composition root's context.
import type { Database } from "../db/connection.ts";
import type { WorkDefinition } from "../jobs/job.ts";
import { runWorker, type Worker, type WorkerOptions } from "../jobs/worker.ts";
import { env } from "../env.ts";
import { contextFor } from "./context.ts";
import { jobs } from "./jobs.ts";

export type { Worker } from "../jobs/worker.ts";

export async function startWorker(database: Database, definitions: WorkDefinition[] = jobs, options: WorkerOptions & { now?: () => Date } = {}): Promise<Worker> {
  const ctx = contextFor(database, options.now);
  await ctx.enqueue.ready();
  // JOB_LEASE_SECONDS: how soon a dead or stalled worker's jobs go to another (the same on every process).
  const lease = env().JOB_LEASE_SECONDS;
  const leased = lease ? definitions.map((d) => (d.leaseSeconds ? { ...d, leaseSeconds: lease } : d)) : definitions;
  return runWorker(ctx, database, leased, options);
}
