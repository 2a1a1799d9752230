// The webhook center's jobs (issue 20), listed once in lib/server/jobs.ts.
import type { JobDefinition } from "../../jobs/job.ts";
import { replayJob } from "./replay-callbacks.ts";
import { drainJob } from "./endpoint-pause.ts";

export const webhookJobs: JobDefinition[] = [replayJob, drainJob];
