// Dashboard JSON for the tracking explorer: the search as query parameters (the same ones the
// page keeps in its URL, so a search is a shareable link), a page of part rows, and the CSV
// export of the same search. One parameter per filtered field, written "operator:value"
// (to=contains:6912, status=is:Delivered); a value without a known operator means "is".
import { z } from "zod";
import { isoDate, periodFields } from "./iso.ts";
import { dashboardRoute, defineRoute } from "../http/route-spec.ts";
import { pageSchema, searchWithExport } from "../http/paging.ts";
import { optionalLooseDate } from "../http/query-date.ts";
import { exploreFields, exploreOperators, exploreSortFields, type ExploreField, type ExploreFilter, type ExploreOperator } from "../core/tracking/explore-fields.ts";
import { priceFields, statusFields } from "./dashboard-sms.ts";

/** Presets of the date range, relative to now (so a shared link keeps meaning "the last day"). */
export const trackingRanges = { "1h": 3_600_000, "24h": 86_400_000, "7d": 7 * 86_400_000, "30d": 30 * 86_400_000 } as const;
export type TrackingRange = keyof typeof trackingRanges | "custom";

/** The dashboard reads stored data this far back in one search (the API: 7 days). */
export const MAX_SPAN_DAYS = 400;

export const fieldLabels: Record<ExploreField, string> = {
  to: "Recipient",
  from: "Sender",
  status: "Status",
  detailedStatus: "Detailed status",
  direction: "Direction",
  country: "Country",
  campaign: "Campaign",
  label: "Label",
  connector: "Connector",
  id: "Message or part id",
  clicked: "Clicked",
};

export const operatorLabels: Record<ExploreOperator, string> = {
  is: "is",
  is_not: "is not",
  contains: "contains",
  starts_with: "starts with",
  ends_with: "ends with",
};

/** "contains:6912" → {op: contains, value: 6912}; "Delivered" → {op: is, value: Delivered}. */
export function parseFilterParam(text: string): { op: ExploreOperator; value: string } {
  const i = text.indexOf(":");
  const op = i > 0 ? text.slice(0, i) : "";
  return (exploreOperators as readonly string[]).includes(op) ? { op: op as ExploreOperator, value: text.slice(i + 1) } : { op: "is", value: text };
}

export function filterParam(f: { op: ExploreOperator; value: string }): string {
  return `${f.op}:${f.value}`;
}

const filterParamSchema = z.string().max(200, "at most 200 characters").optional().meta({ description: "operator:value, operator one of is, is_not, contains, starts_with, ends_with (default is)" });

const searchShape = {
  range: z.enum(["1h", "24h", "7d", "30d", "custom"]).default("24h").meta({ description: "Preset range ending now, or custom with start and end (end defaults to now)." }),
  start: optionalLooseDate,
  end: optionalLooseDate,
  ...(Object.fromEntries(exploreFields.map((f) => [f, filterParamSchema])) as Record<ExploreField, typeof filterParamSchema>),
};

export const trackingSearchQuery = z.object(searchShape);
export type TrackingSearchQuery = z.infer<typeof trackingSearchQuery>;

/** The explorer's order: field.asc or field.desc. */
const sort = z
  .string()
  .default("createdAt.desc")
  .transform((s, ctx) => {
    const [field, dir = "desc"] = s.split(/[.,\s]/);
    if (!(exploreSortFields as readonly string[]).includes(field) || (dir !== "asc" && dir !== "desc")) {
      ctx.addIssue({ code: "custom", message: `sort is field.asc or field.desc, field one of ${exploreSortFields.join(", ")}` });
      return z.NEVER;
    }
    return { field: field as (typeof exploreSortFields)[number], dir: dir as "asc" | "desc" };
  });

/** The filters of a parsed query (empty values are no filter). */
export function filtersOf(q: TrackingSearchQuery): ExploreFilter[] {
  const out: ExploreFilter[] = [];
  for (const field of exploreFields) {
    const raw = q[field];
    if (!raw) continue;
    const { op, value } = parseFilterParam(raw);
    if (value.trim() !== "") out.push({ field, op, value });
  }
  return out;
}

export const trackingRow = z.object({
  smsId: z.string(),
  trackingId: z.string(),
  part: z.number().int(),
  parts: z.number().int(),
  direction: z.string(),
  from: z.string(),
  to: z.string(),
  body: z.string(),
  ...statusFields,
  country: z.string(),
  operator: z.string(),
  mcc: z.string(),
  mnc: z.string(),
  label: z.string(),
  campaignId: z.string(),
  campaignName: z.string(),
  /** The connector that carried the part; "" for none (not submitted yet, or a test carrier). */
  connector: z.string(),
  ...priceFields,
  createdAt: isoDate,
  /** Seconds from the message's creation to the part's final status; 0 while not final. */
  latency: z.number(),
  /** Clicks on the message's short links (trackLinks). */
  clicks: z.number().int(),
});
export type TrackingRow = z.infer<typeof trackingRow>;

export const trackingPage = pageSchema(trackingRow).extend({
  /** More matches than were counted: totalElements is a lower bound. */
  capped: z.boolean(),
  ...periodFields,
});
export type TrackingPage = z.infer<typeof trackingPage>;

export const { list: trackingExploreRoute, csv: trackingExportRoute } = searchWithExport(dashboardRoute, "/dashboard/tracking", {
  summary: "Search every part of the account's messages in a date range, filtered, sorted and paged",
  exportSummary: "The same search as CSV, newest first, streamed",
  filter: trackingSearchQuery,
  pageSize: [50, 500],
  listFields: { sort },
  page: trackingPage,
});
export const trackingExploreQuery = trackingExploreRoute.query;

export const trackingConnectors = z.object({
  /** Every connector's name, for the filter; parts without one are filtered with "none". */
  connectors: z.array(z.string()),
});
export type TrackingConnectors = z.infer<typeof trackingConnectors>;

export const trackingConnectorsRoute = defineRoute(dashboardRoute, "GET /dashboard/tracking/connectors", {
  summary: "The connectors' names the explorer filters by",
  response: trackingConnectors,
});
