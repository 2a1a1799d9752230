// Every job the workers run, in one list: a new job is one definition here. The composition root
// creates every queue of this list before anything enqueues (context.ts, boot.ts, worker.ts), so a
// job enqueued inside a transaction never finds its queue missing.
import type { WorkDefinition } from "../jobs/job.ts";
import { analyzeTables, purgeExpiredTokens } from "../jobs/maintenance.ts";
import { reportRollupJob } from "../core/reports/report-rollup.ts";
import { pruneIdempotencyKeysJob } from "../core/idempotency/prune-idempotency-keys.ts";
import { submitPacedSms, submitSms } from "../core/sms/submit-sms.ts";
import { expireSms } from "../core/sms/expire-messages.ts";
import { deliverCallback } from "../core/callbacks/deliver-callback.ts";
import { deliverInboundCallback } from "../core/callbacks/deliver-inbound-callback.ts";
import { renewNumbersJob } from "../core/numbers/renew-numbers.ts";
import { campaignJobs } from "../core/campaigns/campaign-jobs.ts";
import { otpJobs } from "../core/otp/otp-jobs.ts";
import { emailJobs } from "../core/email/email-jobs.ts";
import { webhookJobs } from "../core/callbacks/webhook-jobs.ts";
import { pruneExpiredJob } from "../core/retention/prune-expired.ts";
import { pruneThrottlesJob } from "../core/throttle/failure-throttle.ts";
import { pruneRateWindowsJob } from "../core/throttle/rate-window.ts";

export const jobs: WorkDefinition[] = [
  purgeExpiredTokens,
  analyzeTables,
  pruneIdempotencyKeysJob,
  reportRollupJob,
  submitSms,
  submitPacedSms,
  expireSms,
  deliverCallback,
  deliverInboundCallback,
  renewNumbersJob,
  ...campaignJobs,
  ...otpJobs,
  ...emailJobs,
  ...webhookJobs,
  pruneExpiredJob,
  pruneThrottlesJob,
  pruneRateWindowsJob,
];
