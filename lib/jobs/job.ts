// A job is a name, a payload schema and a handler; retries, backoff and expiry are data.
import type { z } from "zod";
import type { Ctx } from "../core/context.ts";

export interface JobMeta {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  handler(ctx: Ctx, payload: z.output<S>, meta: JobMeta): Promise<void>;
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** How long a job may stay active before it is treated as lost and retried. */
  expireInSeconds: number;
  /** Jobs a worker claims per fetch. */
  batchSize: number;
  /** Jobs of a claimed batch run at once (1: one after the other). */
  concurrency: number;
  /** Cron expression for recurring jobs. */
  cron?: string;
}

export function defineJob<S extends z.ZodType>(
  job: Pick<JobDefinition<S>, "name" | "payload" | "handler"> & Partial<JobDefinition<S>>,
): JobDefinition<S> {
  return { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 300, batchSize: 20, concurrency: 1, ...job };
}
