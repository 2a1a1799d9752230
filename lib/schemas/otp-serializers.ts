// OTP flows to the spec's "Failover flow" (lib/schemas/otp.ts), as the API, the webhooks and the
// dashboard show them.
import { fromMicros } from "../money.ts";
import type { FailoverFlowView } from "./otp.ts";

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
