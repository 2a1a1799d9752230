// The explorer's query parameters as a core search: the preset range ends now, a custom one
// needs from and to; the dashboard may look back MAX_SPAN_DAYS in one search.
import { fail } from "@/lib/core/errors";
import type { ExploreSearch } from "@/lib/core/tracking/explore-tracking";
import { filtersOf, MAX_SPAN_DAYS, trackingRanges, type TrackingSearchQuery } from "@/lib/schemas/dashboard-tracking";

export function searchOf(q: TrackingSearchQuery, accountId: string, now: Date): ExploreSearch {
  let from: Date;
  let to: Date;
  if (q.range === "custom") {
    if (!q.start) fail("validation", { message: "A custom range needs a start.", property: "start" });
    from = q.start;
    to = q.end ?? now;
  } else {
    to = now;
    from = new Date(now.getTime() - trackingRanges[q.range]);
  }
  if (from > to) fail("validation", { message: "The start is after the end.", property: "start" });
  if (to.getTime() - from.getTime() > MAX_SPAN_DAYS * 86_400_000) fail("validation", { message: `A search spans at most ${MAX_SPAN_DAYS} days.`, property: "start" });
  return { accountId, from, to, filters: filtersOf(q) };
}
