// Routee's reports (routee-extras §3): volume and price per time bucket, country and network, and
// delivery latency, over a date range, a network, a country or one campaign. The latency paths
// are also served as /reports/my/breakdown… (the current docs' names).
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { defineRoute } from "../http/route-spec.ts";
import type { ErrorName } from "../core/errors.ts";
import { looseDate } from "../http/query-date.ts";

const date = (name: string) => looseDate.meta({ type: "string", format: "date-time", description: `${name}, ISO 8601 (without a zone: UTC).` });
const range = { startDate: date("Start of the range"), endDate: date("End of the range") };
const mcc = z
  .string()
  .regex(/^\d{3}$/, "mcc is 3 digits")
  .meta({ description: "Mobile country code, e.g. 202", examples: ["202"] });
const mnc = z
  .string()
  .regex(/^\d{2,3}$/, "mnc is 2 or 3 digits")
  .meta({ description: "Mobile network code, e.g. 01", examples: ["01"] });
const campaignId = z.string().meta({ description: "The campaign's trackingId" });
const offset = z.string().optional().meta({ description: "The client's UTC offset for time buckets, e.g. +02:00 (default UTC)" });

const count = z.number().int();
export const volPriceItem = z.object({
  country: z.string(),
  operator: z.string(),
  mcc: z.string(),
  mnc: z.string(),
  startDateTime: isoDate,
  timeGrouping: z.enum(["Hour", "Day", "Month", "Year"]),
  smsCampaignId: z.string(),
  count,
  deliveredCount: count,
  failedCount: count,
  unsentCount: count,
  queuedCount: count,
  sentCount: count,
  undeliveredCount: count,
  price: z.number(),
});
const volPriceList = z.array(volPriceItem);
export const latencyResource = z.object({
  smsLatencyCount: z.array(z.number().int()).meta({ description: "46 counts: entries 0–44 for 1–45 s from creation to receipt, entry 45 for more than 45 s" }),
});

const rangeErrors = ["validation", "reportRange"] as const;
const campaignErrors = ["validation", "reportParameter"] as const;

/** A report: GET under /reports/my with the report scope, its filters as the query. */
function reportRoute<const Q extends z.ZodType, const R extends z.ZodType, const E extends readonly ErrorName[]>(path: string, summary: string, query: Q, response: R, errors: E) {
  return defineRoute({ tag: "Reports", auth: "bearer", scope: "report" }, `GET /reports/my/${path}`, { summary, query, response, errors: [...errors] });
}

export const volPriceRoute = reportRoute("volPrice", "SMS volume and price per time bucket, country and network", z.object(range), volPriceList, rangeErrors);
export const volPricePerMccRoute = reportRoute("volPrice/perMcc", "Volume and price for one country code (mcc)", z.object({ ...range, mcc }), volPriceList, rangeErrors);
export const volPricePerMccMncRoute = reportRoute("volPrice/perMccMnc", "Volume and price for one network (mcc, mnc)", z.object({ ...range, mcc, mnc }), volPriceList, rangeErrors);
export const volPricePerCampaignRoute = reportRoute("volPrice/perCampaign", "Volume and price of one campaign, from its first SMS to its last", z.object({ campaignId, offset }), volPriceList, [
  "validation",
  "reportRange",
  "reportParameter",
]);

export const latencyRoute = reportRoute("latency", "Delivery latency counts over a date range (also GET /reports/my/breakdown)", z.object(range), latencyResource, rangeErrors);
export const latencyPerCountryRoute = reportRoute(
  "latency/perCountry",
  "Delivery latency for one country (also GET /reports/my/breakdown/perCountry)",
  z.object({
    ...range,
    countryCode: z
      .string()
      .regex(/^[A-Za-z]{2}$/, "countryCode is an ISO 3166-1 alpha-2 code such as GR")
      .meta({ examples: ["GR"] }),
  }),
  latencyResource,
  rangeErrors,
);
export const latencyPerMccMncRoute = reportRoute(
  "latency/perMccMnc",
  "Delivery latency for one network (also GET /reports/my/breakdown/perMccMnc)",
  z.object({ ...range, mcc, mnc }),
  latencyResource,
  rangeErrors,
);
export const latencyPerCampaignRoute = reportRoute(
  "latency/perCampaign",
  "Delivery latency of one campaign (also GET /reports/my/breakdown/perCampaign)",
  z.object({ campaignId, offset }),
  latencyResource,
  campaignErrors,
);
