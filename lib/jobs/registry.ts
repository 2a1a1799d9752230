// Every job the worker runs. A new capability adds its definitions here.
import type { JobDefinition } from "./job.ts";
import { analyzeTables, purgeExpiredTokens } from "./maintenance.ts";
import { submitSms } from "../core/sms/submit-sms.ts";
import { expireSms } from "../core/sms/expire-messages.ts";
import { deliverCallback } from "../core/callbacks/deliver-callback.ts";
import { campaignJobs } from "../core/campaigns/campaign-jobs.ts";

export const jobs: JobDefinition[] = [purgeExpiredTokens, analyzeTables, submitSms, expireSms, deliverCallback, ...campaignJobs];
