// The explorer's rows to the dashboard's TrackingRow (lib/schemas/dashboard-tracking.ts).
import type { ExploreRow } from "../core/tracking/explore-tracking.ts";
import { iso } from "./iso.ts";
import { fromMicros } from "../money.ts";
import { latencySeconds } from "../core/sms/statuses.ts";
import type { TrackingRow } from "./dashboard-tracking.ts";

export function trackingRowView(r: ExploreRow): TrackingRow {
  const { priceMicros, createdAt, statusAt, doneAt, ...rest } = r;
  return { ...rest, price: fromMicros(priceMicros), createdAt: iso(createdAt), statusAt: iso(statusAt), latency: latencySeconds(createdAt, doneAt) };
}
