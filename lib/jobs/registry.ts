// Every job the worker runs. A new capability adds its definitions here.
import type { JobDefinition } from "./job.ts";
import { purgeExpiredTokens } from "./maintenance.ts";

export const jobs: JobDefinition[] = [purgeExpiredTokens];
