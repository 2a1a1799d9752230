// The failover flow as the API, the webhooks and the dashboard show it (the spec's "Failover
// flow" fields). Pure.
import { fromMicros } from "../../money.ts";
import type { FailoverFlowView } from "../../schemas/otp.ts";

export type FlowRow = { id: string; status: string; statusCode: string | null };
export type StepRow = {
  id: string;
  flowId: string;
  seq: number;
  role: string;
  channel: string;
  phoneNumber: string;
  label: string;
  status: string;
  detailedStatus: string | null;
  errorMessage: string | null;
  failoverFrom: string | null;
  priceMicros: bigint;
  priceShown: boolean;
  country: string | null;
  operator: string | null;
  createdAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function stepView(s: StepRow): FailoverFlowView["steps"][number] {
  return {
    trackingId: s.id,
    role: s.role === "failover" ? "failover" : "primary",
    flowId: s.flowId,
    status: s.status,
    channel: s.channel === "sms" ? "sms" : "viber",
    phone_number: s.phoneNumber,
    label: s.label,
    created_at: iso(s.createdAt),
    sent_at: iso(s.sentAt),
    delivered_at: iso(s.deliveredAt),
    detailed_status: s.detailedStatus,
    error_message: s.errorMessage,
    failover_from_message_token: s.failoverFrom,
    price: s.priceShown ? fromMicros(s.priceMicros) : null,
    latency_ms: s.deliveredAt ? Math.max(0, s.deliveredAt.getTime() - s.createdAt.getTime()) : null,
    country: s.country,
    operator: s.operator,
  };
}

export function flowView(flow: FlowRow, steps: StepRow[]): FailoverFlowView {
  const ordered = [...steps].sort((a, b) => a.seq - b.seq);
  const priced = ordered.filter((s) => s.priceShown);
  return {
    flowId: flow.id,
    status: flow.status as FailoverFlowView["status"],
    statusCode: flow.statusCode,
    total_cost: priced.length ? fromMicros(priced.reduce((sum, s) => sum + s.priceMicros, 0n)) : null,
    steps: ordered.map(stepView),
  };
}

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
