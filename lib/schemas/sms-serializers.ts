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

type TrackedPart = {
  id: string;
  partNumber: number;
  status: string;
  detailedStatus: string;
  statusDescription: string;
  statusAt: Date;
  priceMicros: bigint;
  doneAt: Date | null;
  message: MessageRow & {
    campaignId: string | null;
    campaignName: string;
    country: string;
    operator: string;
    applicationName: string;
    originatingService: string;
    parts: number;
    direction: string;
  };
};

export function trackingRecord(p: TrackedPart) {
  const m = p.message;
  return {
    smsId: p.id,
    messageId: m.id,
    campaignTrackingId: m.campaignId ?? "",
    campaignName: m.campaignName,
    campaign: m.campaignName,
    to: m.to,
    from: m.from,
    groups: [] as string[],
    country: m.country,
    operator: m.operator,
    status: {
      status: p.status,
      date: iso(p.statusAt),
      reason: { detailedStatus: p.detailedStatus, description: p.statusDescription },
    },
    body: m.body,
    label: m.label,
    applicationName: m.applicationName,
    originatingService: m.originatingService,
    latency: latencySeconds(m.createdAt, p.doneAt),
    parts: m.parts,
    part: p.partNumber,
    price: fromMicros(p.priceMicros),
    direction: m.direction,
    receivedDate: m.direction === "Inbound" ? iso(m.createdAt) : "",
  };
}
