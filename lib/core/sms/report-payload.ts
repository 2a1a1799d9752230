// The spec's "SMS delivery report" body for one part of a message.
import { fromMicros } from "../../money.ts";
import { latencySeconds } from "./statuses.ts";

type MessageRow = {
  id: string;
  campaignId: string | null;
  campaignName: string;
  label: string;
  to: string;
  from: string;
  country: string;
  operator: string;
  parts: number;
  body: string;
  applicationName: string;
  direction: string;
  originatingService: string;
  createdAt: Date;
};

type PartRow = { id: string; partNumber: number; priceMicros: bigint; doneAt: Date | null };

export function smsReportPayload(m: MessageRow, p: PartRow, change: { status: string; detailedStatus: string; description: string; at: Date }) {
  return {
    messageId: m.id,
    smsId: p.id,
    campaignTrackingId: m.campaignId ?? "",
    part: p.partNumber,
    parts: m.parts,
    label: m.label,
    to: m.to,
    from: m.from,
    country: m.country,
    operator: m.operator,
    groups: [] as string[],
    campaignName: m.campaignName,
    status: {
      name: change.status,
      reason: { detailedStatus: change.detailedStatus, description: change.description },
      updatedDate: change.at.toISOString(),
    },
    message: m.body,
    applicationName: m.applicationName,
    latency: latencySeconds(m.createdAt, p.doneAt),
    price: fromMicros(p.priceMicros),
    direction: m.direction,
    originatingService: m.originatingService,
  };
}
