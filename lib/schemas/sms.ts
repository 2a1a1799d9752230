// POST /sms, POST /sms/analyze and the three tracking endpoints. Loose where Routee's clients
// are loose (numbers as strings, '+'-less numbers); exact where the spec is.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { defineRoute } from "../http/route-spec.ts";
import { pagedList, pageQuery, pageSchema } from "../http/paging.ts";
import { optionalLooseDate } from "../http/query-date.ts";
import { trackingIdParams } from "./path-segment.ts";

export const looseBool = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());
export const looseInt = z.preprocess((v) => (typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : v), z.number().int());
export const stringish = z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string());

/** How long the short links work: a request's or campaign's own lifetime (POST /sms, POST and PUT of campaigns). */
export const trackLinksTtlDays = looseInt
  .pipe(z.number().min(1, "trackLinksTtlDays is at least 1 day").max(3650, "trackLinksTtlDays is at most 3650 days"))
  .optional()
  .describe(
    "With trackLinks: the days the short links work, from when the message is stored (1 to 3650; default: the platform's SHORT_LINK_TTL_DAYS, 90 unless set). After that a link answers 410 Gone with a small page saying it has expired, and its visits are not counted.",
  );

/** A whole number from min to max, digits in a string accepted; the messages name `field`, and `say` words a bound ("1 minute"). */
export const looseIntBetween = (field: string, min: number, max: number, say: { min?: string; max?: string } = {}) =>
  looseInt.pipe(
    z
      .number()
      .min(min, `${field} is at least ${say.min ?? min}`)
      .max(max, `${field} is at most ${say.max ?? max}`),
  );

/** How long the carrier may try to deliver an SMS, in minutes (a message's and a campaign's). */
export const ttlMinutes = looseIntBetween("ttl", 1, 4320, { min: "1 minute", max: "4320 minutes" });

export const callbackSchema = z.object({
  url: z.string().trim().min(1, "callback.url is required").max(2000),
  strategy: z.enum(["OnChange", "OnCompletion"]).optional(),
});

export const sendSmsBody = z.object({
  from: stringish.describe("Numeric sender of at most 16 digits without '+', or alphanumeric of at most 11 characters.").meta({ examples: ["Switchboard"] }),
  to: stringish.describe("Destination, E.164 with '+' (without it is accepted too).").meta({ examples: ["+306912345678"] }),
  body: z.string().min(1, "body is required").max(10_000, "body is too long"),
  flash: looseBool.optional(),
  label: z.string().max(350, "label is at most 350 characters").optional(),
  callback: callbackSchema.optional(),
  ttl: ttlMinutes.optional(),
  transcode: looseBool.optional(),
  trackLinks: looseBool
    .optional()
    .describe(
      'Replace every http(s) link by a short link of its own ({SHORT_LINK_BASE}/{code}, 8 characters) and count its clicks (default false: it changes the text). The analysis, the parts and the charge are those of the shortened text. The callback URL also receives a signed POST {event: "click", messageId, to, from, label, url, date, userAgent, country} for each click (link previews and HEAD requests are not clicks).',
    ),
  trackLinksTtlDays,
});

export const bodyAnalysis = z.object({
  characters: z.number().int(),
  parts: z.number().int(),
  unicode: z.boolean(),
  unsupportedGSMCharacters: z.array(z.string()),
  transcode: z.object({ message: z.string(), parts: z.number().int() }).optional(),
});

export const smsResource = z.object({
  trackingId: z.string(),
  status: z.string(),
  createdAt: isoDate,
  from: z.string(),
  to: z.string(),
  body: z.string(),
  label: z.string(),
  bodyAnalysis,
  flash: z.boolean(),
  callback: z.object({ url: z.string(), strategy: z.string() }),
  ttl: z.number().int(),
});

const smsApi = { tag: "SMS", auth: "bearer", scope: "sms" } as const;

export const sendSmsRoute = defineRoute(smsApi, "POST /sms", {
  summary: "Send a single SMS",
  description: "Answers the SMS with status Queued; delivery reports follow at callback.url (or the application's).",
  body: sendSmsBody,
  response: smsResource,
  idempotent: true,
  errors: ["insufficientBalance", "invalidSender", "validation", "destinationUnsupported", "callbackUrlRefused", "idempotencyKeyInvalid", "idempotencyKeyInUse", "idempotencyKeyReused"],
});

export const analyzeSmsRoute = defineRoute(smsApi, "POST /sms/analyze", {
  summary: "Analyse a message before sending: parts, encoding, cost per part",
  description: "Also served as /sms/analyse.",
  body: sendSmsBody.pick({ from: true, to: true, body: true, transcode: true, trackLinks: true }),
  response: z.object({ bodyAnalysis, cost: z.number() }),
  errors: ["invalidSender", "validation", "destinationUnsupported", "accountNotFound"],
});

const trackingRecord = z.object({
  smsId: z.string(),
  messageId: z.string(),
  campaignTrackingId: z.string(),
  campaignName: z.string(),
  campaign: z.string(),
  to: z.string(),
  from: z.string(),
  groups: z.array(z.string()),
  country: z.string(),
  operator: z.string(),
  status: z.object({
    status: z.string(),
    date: isoDate,
    reason: z.object({ detailedStatus: z.string(), description: z.string() }),
  }),
  body: z.string(),
  label: z.string(),
  applicationName: z.string(),
  originatingService: z.string(),
  latency: z.number(),
  parts: z.number().int(),
  part: z.number().int(),
  price: z.number(),
  direction: z.string(),
  receivedDate: isoDate,
  clicks: z.object({ count: z.number().int(), firstClickAt: isoDate }).describe('Clicks on the message\'s short links (trackLinks; prefetches left out) and when the first came ("" before any).'),
});

const trackingApi = { tag: "Tracking", auth: "bearer" } as const;

export const trackingSingleRoute = defineRoute(trackingApi, "GET /sms/tracking/single/{trackingId}", {
  summary: "Track one message: a record per part",
  params: trackingIdParams,
  response: z.array(trackingRecord),
  errors: ["trackingNotFound"],
});

export const trackingFilter = z.object({
  fieldName: z.enum(["smsId", "to", "status", "direction"]),
  searchTerm: stringish.pipe(z.string().min(1, "searchTerm is required").max(200)),
  searchOperator: z.enum(["is", "is_not", "contains", "starts_with", "ends_with"]).optional(),
});

export const trackingQuery = pageQuery(20, 2000).extend({
  dateStart: optionalLooseDate,
  dateEnd: optionalLooseDate,
  sort: z.string().max(100).optional(),
  trackingId: z.string().max(100).optional(),
  campaign: z.enum(["true", "false"]).optional(),
});

export const trackingSearchRoute = defineRoute(trackingApi, "POST /sms/tracking", {
  summary: "Search messages in a time window with filters",
  description:
    "dateStart/dateEnd must lie within the latest 7 days (default: the latest 24 hours). The body is an array of " +
    "filters; an empty array or no body matches everything. sort: a field name, optionally followed by ,asc or ,desc (default createdAt,desc).",
  query: trackingQuery,
  body: z.array(trackingFilter).max(20, "at most 20 filters"),
  emptyBody: [],
  response: pageSchema(trackingRecord),
  errors: ["trackingRange", "campaignNotFound"],
});

export const trackingCampaignRoute = defineRoute(trackingApi, "GET /sms/tracking/campaign/{campaignTrackingId}", {
  summary: "Track the messages of a campaign, paged",
  params: z.object({ campaignTrackingId: z.string() }),
  ...pagedList(trackingRecord, 20, 2000, { sort: z.string().max(100).optional() }),
  errors: ["campaignNotFound"],
});
