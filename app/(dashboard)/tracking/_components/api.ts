// The explorer's calls: a page of the search, and the URL of its CSV export.
import type { TrackingPage, TrackingRow } from "@/lib/schemas/dashboard-tracking";
import { apiFetch } from "@/lib/ui/api-client";

export type { TrackingPage, TrackingRow };

export const trackingKey = ["tracking"] as const;

export function fetchTracking(query: string): Promise<TrackingPage> {
  return apiFetch(`/api/dashboard/tracking?${query}`);
}

export function exportUrl(query: string): string {
  return `/api/dashboard/tracking/export?${query}`;
}
