// Messages and parts to the spec's shapes: the SMS resource and the tracking record.
import { fromMicros } from "../money.ts";
import { iso } from "./iso.ts";
import { latencySeconds } from "../core/sms/statuses.ts";

type MessageRow = {
  id: string;
  status: string;
  createdAt: Date;
  from: string;
  to: string;
  body: string;
  label: string;
  bodyAnalysis: unknown;
  flash: boolean;
  callbackUrl: string;
  callbackStrategy: string;
  ttl: number;
};

export function smsResource(m: MessageRow) {
  return {
    trackingId: m.id,
    status: m.status,
    createdAt: iso(m.createdAt),
    from: m.from,
    to: m.to,
    body: m.body,
    label: m.label,
    bodyAnalysis: m.bodyAnalysis,
    flash: m.flash,
    callback: { url: m.callbackUrl, strategy: m.callbackStrategy },
    ttl: m.ttl,
  };
}

/** What a tracking record and a delivery report both say of one part of a message. */
type ReportedMessage = {
  id: string;
  campaignId: string | null;
  campaignName: string;
  to: string;
  from: string;
  country: string;
  operator: string;
  label: string;
  applicationName: string;
  originatingService: string;
  parts: number;
  direction: string;
  createdAt: Date;
};
type ReportedPart = { id: string; partNumber: number; priceMicros: bigint; doneAt: Date | null };

export function partReport(m: ReportedMessage, p: ReportedPart) {
  return {
    messageId: m.id,
    smsId: p.id,
    campaignTrackingId: m.campaignId ?? "",
    campaignName: m.campaignName,
    to: m.to,
    from: m.from,
    groups: [] as string[],
    country: m.country,
    operator: m.operator,
    label: m.label,
    applicationName: m.applicationName,
    originatingService: m.originatingService,
    latency: latencySeconds(m.createdAt, p.doneAt),
    parts: m.parts,
    part: p.partNumber,
    price: fromMicros(p.priceMicros),
    direction: m.direction,
  };
}

export type TrackedPart = ReportedPart & {
  status: string;
  detailedStatus: string;
  statusDescription: string;
  statusAt: Date;
  message: MessageRow & ReportedMessage;
};

export function trackingRecord(p: TrackedPart, clicks?: { count: number; firstClickAt: Date | null }) {
  const m = p.message;
  return {
    ...partReport(m, p),
    campaign: m.campaignName,
    status: {
      status: p.status,
      date: iso(p.statusAt),
      reason: { detailedStatus: p.detailedStatus, description: p.statusDescription },
    },
    body: m.body,
    receivedDate: m.direction === "Inbound" ? iso(m.createdAt) : "",
    clicks: { count: clicks?.count ?? 0, firstClickAt: iso(clicks?.firstClickAt ?? null) },
  };
}
