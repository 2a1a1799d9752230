// Dashboard JSON for the reporting home (Overview): the period as query parameters (the same the
// page keeps in its URL), and the report: totals, volume by status over time, delivery per
// country and operator, latency percentiles and the latest campaigns. Every role may read it.
import { z } from "zod";
import { isoDate, periodFields } from "./iso.ts";
import { dashboardRoute, defineRoute } from "../http/route-spec.ts";
import { optionalLooseDate } from "../http/query-date.ts";
import { fail } from "../core/errors.ts";
import { campaignSummary } from "./dashboard-campaigns.ts";

/** Presets of the period, ending now. */
export const overviewRanges = { "24h": 86_400_000, "7d": 7 * 86_400_000, "30d": 30 * 86_400_000 } as const;
export type OverviewRange = keyof typeof overviewRanges | "custom";
export const overviewRangeIds = ["24h", "7d", "30d", "custom"] as const satisfies readonly OverviewRange[];

/** A custom period spans at most this many days. */
export const OVERVIEW_MAX_DAYS = 366;

export const overviewQuery = z.object({
  range: z.enum(overviewRangeIds).default("7d").meta({ description: "Preset period ending now, or custom with start and end (end defaults to now)." }),
  start: optionalLooseDate,
  end: optionalLooseDate,
  offset: z
    .preprocess((v) => (v === undefined || v === "" ? 0 : Number(v)), z.number().int("offset is whole minutes").min(-840).max(840))
    .meta({ type: "integer", description: "The viewer's UTC offset in minutes (+120 for UTC+2), so day buckets start at their midnight." }),
});
export type OverviewQuery = z.infer<typeof overviewQuery>;

const counts = { delivered: z.number(), undelivered: z.number(), failed: z.number(), unsent: z.number(), pending: z.number() };
const breakdown = z.object({
  country: z.string(),
  operator: z.string(),
  mcc: z.string(),
  mnc: z.string(),
  total: z.number(),
  delivered: z.number(),
  final: z.number(),
  deliveryRate: z.number().nullable(),
  cost: z.number(),
});

export const overviewView = z.object({
  ...periodFields,
  bucketSeconds: z.number(),
  currency: z.string(),
  totals: z.object({ total: z.number(), ...counts, cost: z.number(), deliveryRate: z.number().nullable() }),
  series: z.array(z.object({ at: isoDate, ...counts })),
  countries: z.array(breakdown),
  operators: z.array(breakdown),
  latency: z.object({ measured: z.number(), p50: z.number().nullable(), p90: z.number().nullable(), p99: z.number().nullable(), histogram: z.array(z.number()) }),
  campaigns: z.array(campaignSummary),
});
export type OverviewView = z.infer<typeof overviewView>;
export type OverviewBreakdownView = z.infer<typeof breakdown>;

/** What the reports of the reporting home share: a dashboard route whose query is the period. */
export const periodReportRoute = { ...dashboardRoute, query: overviewQuery } as const;

export const overviewRoute = defineRoute(periodReportRoute, "GET /dashboard/overview", {
  summary: "The reporting home: sent, delivered, failed and cost over a period, by time, country and operator, with latency and the latest campaigns",
  response: overviewView,
  errors: ["reportRange"],
});

/** The period a query names: a preset ending now, or a custom start to end (or now). */
export function overviewPeriod(q: OverviewQuery, now: Date): { from: Date; to: Date } {
  if (q.range !== "custom") return { from: new Date(now.getTime() - overviewRanges[q.range]), to: now };
  if (!q.start) fail("validation", { message: "A custom period needs a start.", property: "start" });
  const to = q.end ?? now;
  if (q.start > to) fail("reportRange", { message: "The start of the period is after its end.", property: "start" });
  if (to.getTime() - q.start.getTime() > OVERVIEW_MAX_DAYS * 86_400_000) fail("reportRange", { message: `A period spans at most ${OVERVIEW_MAX_DAYS} days.`, property: "start" });
  return { from: q.start, to };
}
