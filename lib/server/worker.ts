// A job worker of this process: every job of the list (jobs.ts) unless told otherwise, with the
// composition root's context.
import type { Database } from "../db/connection.ts";
import type { JobDefinition } from "../jobs/job.ts";
import { runWorker, type Worker, type WorkerOptions } from "../jobs/worker.ts";
import { contextFor } from "./context.ts";
import { jobs } from "./jobs.ts";

export type { Worker } from "../jobs/worker.ts";

export async function startWorker(database: Database, definitions: JobDefinition[] = jobs, options: WorkerOptions & { now?: () => Date } = {}): Promise<Worker> {
  const ctx = contextFor(database, options.now);
  await ctx.enqueue.ready();
  return runWorker(ctx, database, definitions, options);
}
