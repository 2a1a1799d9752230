// Shorthands for job definitions: a recurring job (a schedule and a handler of the context
// alone, no payload to check) and a retry policy written as one value.
import { z } from "zod";
import type { Ctx } from "../core/context.ts";
import { defineJob, type JobDefinition } from "./job.ts";

const noPayload = z.object({}).passthrough();

type CronOptions = Partial<Pick<JobDefinition, "retryLimit" | "expireInSeconds">>;

/** A job pg-boss enqueues on `cron` (UTC), running `run(ctx)`. */
export function defineCronJob(name: string, cron: string, options: CronOptions, run: (ctx: Ctx) => Promise<unknown>): JobDefinition<typeof noPayload> {
  return defineJob({
    name,
    payload: noPayload,
    cron,
    ...options,
    async handler(ctx) {
      await run(ctx);
    },
  });
}

/** A failed attempt is tried again `limit` times, `delaySeconds` later (doubling each time with backoff); defineJob's defaults otherwise. */
export function retries(limit: number, delaySeconds = 5, backoff = true): Pick<JobDefinition, "retryLimit" | "retryDelaySeconds" | "retryBackoff"> {
  return { retryLimit: limit, retryDelaySeconds: delaySeconds, retryBackoff: backoff };
}
