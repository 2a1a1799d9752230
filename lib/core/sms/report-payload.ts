// The spec's "SMS delivery report" body for one part of a message: what its tracking record
// says (lib/schemas/sms-serializers.ts), with the status change being reported.
import { partReport } from "../../schemas/sms-serializers.ts";

type MessageRow = Parameters<typeof partReport>[0] & { body: string };
type PartRow = Parameters<typeof partReport>[1];

export function smsReportPayload(m: MessageRow, p: PartRow, change: { status: string; detailedStatus: string; description: string; at: Date }) {
  return {
    ...partReport(m, p),
    status: {
      name: change.status,
      reason: { detailedStatus: change.detailedStatus, description: change.description },
      updatedDate: change.at.toISOString(),
    },
    message: m.body,
  };
}
