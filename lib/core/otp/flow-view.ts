// What OTP's steps and webhooks need to know of a flow: the labels that tie an SMS to its flow
// and step, step statuses, and when a webhook has something new to say. The flow's answer shape
// is built in lib/schemas/otp-serializers.ts.
import type { FailoverFlowView } from "../../schemas/otp.ts";

/** What a webhook reports, for "no duplicate webhook when the reported status is unchanged". */
export function notifyKey(view: FailoverFlowView): string {
  return JSON.stringify([view.status, view.statusCode, view.steps.map((s) => [s.trackingId, s.status])]);
}

/** The label an OTP's SMS carries: marks it for the receipt hook and names its flow and step. */
export const OTP_SMS_LABEL = "otp:";
export function otpSmsLabel(flowId: string, seq: number, label: string): string {
  return `${OTP_SMS_LABEL}${flowId}/${seq}${label ? ` ${label}` : ""}`.slice(0, 350);
}
export function flowIdOfLabel(label: string): string | null {
  const m = /^otp:([0-9a-f-]{36})\/\d+/.exec(label);
  return m ? m[1]! : null;
}

/** SMS message statuses as a step's lower-case status. */
export function smsStepStatus(messageStatus: string): string {
  return messageStatus.toLowerCase();
}

export const finalStepStatuses: ReadonlySet<string> = new Set(["delivered", "seen", "expired", "failed", "undelivered", "unsent"]);
export const successStepStatuses: ReadonlySet<string> = new Set(["delivered", "seen"]);
