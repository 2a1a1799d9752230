// Routee's reports (routee-extras §3): volume and price per time bucket, country and network, and
// delivery latency, over a date range, a network, a country or one campaign. The latency paths
// are also served as /reports/my/breakdown… (the current docs' names).
import { z } from "zod";
import { defineRoute } from "../http/route-spec.ts";
import { looseDate } from "../http/query-date.ts";

const date = (name: string) => looseDate.meta({ type: "string", format: "date-time", description: `${name}, ISO 8601 (without a zone: UTC).` });
const range = { startDate: date("Start of the range"), endDate: date("End of the range") };
const mcc = z.string().regex(/^\d{3}$/, "mcc is 3 digits").meta({ description: "Mobile country code, e.g. 202" });
const mnc = z.string().regex(/^\d{2,3}$/, "mnc is 2 or 3 digits").meta({ description: "Mobile network code, e.g. 01" });
const campaignId = z.string().meta({ description: "The campaign's trackingId" });
const offset = z.string().optional().meta({ description: "The client's UTC offset for time buckets, e.g. +02:00 (default UTC)" });

export const volPriceItem = z.object({
  country: z.string(),
  operator: z.string(),
  mcc: z.string(),
  mnc: z.string(),
  startDateTime: z.string(),
  timeGrouping: z.enum(["Hour", "Day", "Month", "Year"]),
  smsCampaignId: z.string(),
  count: z.number().int(),
  deliveredCount: z.number().int(),
  failedCount: z.number().int(),
  unsentCount: z.number().int(),
  queuedCount: z.number().int(),
  sentCount: z.number().int(),
  undeliveredCount: z.number().int(),
  price: z.number(),
});
const volPriceList = z.array(volPriceItem);
export const latencyResource = z.object({
  smsLatencyCount: z.array(z.number().int()).meta({ description: "46 counts: entries 0–44 for 1–45 s from creation to receipt, entry 45 for more than 45 s" }),
});

const common = { tag: "Reports", auth: "bearer", scope: "report" } as const;
const rangeErrors = ["validation", "reportRange"] as const;

export const volPriceRoute = defineRoute(common, "GET /reports/my/volPrice", {
  summary: "SMS volume and price per time bucket, country and network",
  query: z.object(range),
  response: volPriceList,
  errors: [...rangeErrors],
});

export const volPricePerMccRoute = defineRoute(common, "GET /reports/my/volPrice/perMcc", {
  summary: "Volume and price for one country code (mcc)",
  query: z.object({ ...range, mcc }),
  response: volPriceList,
  errors: [...rangeErrors],
});

export const volPricePerMccMncRoute = defineRoute(common, "GET /reports/my/volPrice/perMccMnc", {
  summary: "Volume and price for one network (mcc, mnc)",
  query: z.object({ ...range, mcc, mnc }),
  response: volPriceList,
  errors: [...rangeErrors],
});

export const volPricePerCampaignRoute = defineRoute(common, "GET /reports/my/volPrice/perCampaign", {
  summary: "Volume and price of one campaign, from its first SMS to its last",
  query: z.object({ campaignId, offset }),
  response: volPriceList,
  errors: ["validation", "reportRange", "reportParameter", "campaignNotFound"],
});

export const latencyRoute = defineRoute(common, "GET /reports/my/latency", {
  summary: "Delivery latency counts over a date range (also GET /reports/my/breakdown)",
  query: z.object(range),
  response: latencyResource,
  errors: [...rangeErrors],
});

export const latencyPerCountryRoute = defineRoute(common, "GET /reports/my/latency/perCountry", {
  summary: "Delivery latency for one country (also GET /reports/my/breakdown/perCountry)",
  query: z.object({ ...range, countryCode: z.string().regex(/^[A-Za-z]{2}$/, "countryCode is an ISO 3166-1 alpha-2 code such as GR") }),
  response: latencyResource,
  errors: [...rangeErrors],
});

export const latencyPerMccMncRoute = defineRoute(common, "GET /reports/my/latency/perMccMnc", {
  summary: "Delivery latency for one network (also GET /reports/my/breakdown/perMccMnc)",
  query: z.object({ ...range, mcc, mnc }),
  response: latencyResource,
  errors: [...rangeErrors],
});

export const latencyPerCampaignRoute = defineRoute(common, "GET /reports/my/latency/perCampaign", {
  summary: "Delivery latency of one campaign (also GET /reports/my/breakdown/perCampaign)",
  query: z.object({ campaignId, offset }),
  response: latencyResource,
  errors: ["validation", "reportParameter", "campaignNotFound"],
});
