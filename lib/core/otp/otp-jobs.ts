// The jobs of OTP failover flows, for lib/jobs/registry.ts.
import { otpFailover } from "./advance-flow.ts";
import { deliverOtpWebhook } from "./deliver-webhook.ts";
import { sendViberStep } from "./send-viber-step.ts";
import { otpStepTimeout } from "./step-timeout.ts";
import { otpSmsStatus } from "./sync-sms-step.ts";

export const otpJobs = [sendViberStep, otpStepTimeout, otpFailover, otpSmsStatus, deliverOtpWebhook];
