// POST /sms/campaign, POST /sms/analyze/campaign, PUT and DELETE /sms/{trackingId} and
// GET /campaigns/{trackingId}. Loose where Routee's clients are loose: numbers as strings or
// numbers, '+'-less numbers, booleans as "true", reminder minutes as strings, scheduledDate as
// Unix seconds, fallbackValues in three shapes.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { defineRoute } from "../http/route-spec.ts";
import { parseLooseDate } from "../http/query-date.ts";
import { bodyAnalysis, callbackSchema, looseBool, looseIntBetween, stringish, trackLinksTtlDays, ttlMinutes } from "./sms.ts";
import { normalizeFallbackValues } from "../core/campaigns/personalize.ts";
import { trackLinksFields, campaignClicksSchema } from "./links.ts";
import { trackingIdParams } from "./path-segment.ts";

const stringList = z.array(stringish);

/** "0001-01-01T00:00:00" (a .NET default) and empty values mean "no schedule". */
const scheduledDate = z
  .unknown()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === "" || v === 0 || (typeof v === "string" && v.startsWith("0001-01-01"))) return undefined;
    const d = parseLooseDate(v);
    if (!d) {
      ctx.addIssue({ code: "custom", message: "scheduledDate must look like 2026-11-21T15:00:00Z (Z, +hh:mm or -hh:mm), or be Unix seconds" });
      return z.NEVER;
    }
    return d;
  })
  .meta({ type: "string", format: "date-time", description: "When to send: YYYY-MM-DDThh:mm:ssTZD (Z, +hh:mm, -hh:mm), or Unix seconds. Without it the campaign goes now." });

export const campaignName = z
  .string()
  .trim()
  .min(2, "campaignName has 2 to 30 characters")
  .max(30, "campaignName has 2 to 30 characters")
  .regex(/^[A-Za-z0-9 -]+$/, "campaignName holds only latin letters, digits, spaces and '-'");

const recipients = {
  to: stringList.optional().describe("E.164 numbers (at most 30,000)."),
  contacts: stringList.optional().describe("Ids of the account's contacts."),
  groups: stringList.optional().describe("Names of contact groups; All and NotListed always exist."),
};

export const campaignBody = z.object({
  ...recipients,
  from: stringish.describe("Numeric sender of at most 16 digits without '+', or alphanumeric of at most 11 characters."),
  body: z.string().min(1, "body is required").max(10_000, "body is too long").describe("Text; [~label] is replaced by the contact's label."),
  scheduledDate: scheduledDate.optional(),
  campaignName: campaignName.optional(),
  flash: looseBool.optional(),
  respectQuietHours: looseBool.optional().describe("Hold messages while it is 23:00-08:00 or 14:00-17:00 at the destination."),
  campaignCallback: callbackSchema.optional(),
  callback: callbackSchema.optional(),
  reminder: z
    .object({
      minutesBefore: looseIntBetween("reminder.minutesBefore", 1, 10_080, { max: "a week" })
        .optional()
        .describe("With scheduledDate (required then): the reminder goes this many minutes before the start."),
      minutesAfter: looseIntBetween("reminder.minutesAfter", 0, 10_080, { max: "a week" })
        .optional()
        .describe("Without scheduledDate: the reminder goes this many minutes after the start (default 0); minutesBefore is then ignored."),
      to: stringList.min(1, "reminder.to needs at least one number").max(10, "reminder.to holds at most 10 numbers"),
    })
    .optional(),
  fallbackValues: z
    .unknown()
    .transform(normalizeFallbackValues)
    .optional()
    .meta({ type: "object", additionalProperties: { type: "string" }, description: 'Values for labels a contact lacks: an object, [{name, value}] or ["name=value"].' }),
  transcode: looseBool.optional(),
  ttl: ttlMinutes.optional(),
  allowinvalid: looseBool.optional().describe("Send to the valid numbers and leave the invalid ones out instead of refusing the campaign."),
  ...trackLinksFields,
  trackLinksTtlDays,
});
export type CampaignBody = z.output<typeof campaignBody>;

export const analyzeCampaignBody = z.object({
  ...recipients,
  from: stringish,
  body: z.string().min(1, "body is required").max(10_000, "body is too long"),
  transcode: looseBool.optional(),
  fallbackValues: campaignBody.shape.fallbackValues,
  allowinvalid: looseBool.optional(),
  ...trackLinksFields,
});

export const campaignAnalysis = z.object({
  numberOfRecipients: z.number().int(),
  recipientsPerCountry: z.record(z.string(), z.number().int()),
  recipientCountries: z.record(z.string(), z.string()),
  contacts: z.record(z.string(), z.object({ recipient: z.string(), recipientCountry: z.string(), blacklisted: z.boolean() })),
  recipientsPerGroup: z.record(z.string(), z.number().int()),
  totalInGroups: z.number().int(),
  bodyAnalysis,
});

const statusCounts = z.object({ Queued: z.number(), Sent: z.number(), Failed: z.number(), Delivered: z.number(), Undelivered: z.number(), Unsent: z.number() });

export const campaignResource = z.object({
  trackingId: z.string(),
  campaignName: z.string(),
  type: z.string(),
  state: z.enum(["Scheduled", "Queued", "Running", "Sent", "Finished", "Failed"]),
  createdAt: isoDate,
  scheduledDate: isoDate,
  endedAt: isoDate,
  respectQuietHours: z.boolean(),
  from: z.string(),
  to: z.array(z.string()),
  contacts: z.array(z.string()),
  groups: z.array(z.string()),
  body: z.string(),
  smsAnalysis: campaignAnalysis,
  flash: z.boolean(),
  fallbackValues: z.record(z.string(), z.string()),
  statuses: statusCounts,
  cost: z.number(),
  totalMessages: z.number().int(),
  callback: z.object({ url: z.string(), strategy: z.string() }),
  campaignCallback: z.object({ url: z.string(), strategy: z.string() }),
  reminder: z.object({ minutesBefore: z.number().int(), minutesAfter: z.number().int(), to: z.array(z.string()) }),
  ttl: z.number().int(),
  errors: z.array(z.object({ code: z.string(), errorCode: z.string(), developerMessage: z.string(), property: z.unknown() })),
  trackLinks: z.boolean(),
  trackLinksTtlDays: z.number().int().optional().describe("With trackLinks: the days its short links work, from when each message is stored."),
  clicks: campaignClicksSchema,
});

const campaignsApi = { tag: "Campaigns", auth: "bearer", scope: "sms" } as const;
const campaignErrors = [
  "insufficientBalance",
  "invalidSender",
  "campaignNameTaken",
  "campaignNoRecipients",
  "contactNotFound",
  "groupNotFound",
  "validation",
  "destinationUnsupported",
  "callbackUrlRefused",
] as const;

export const createCampaignRoute = defineRoute(campaignsApi, "POST /sms/campaign", {
  summary: "Send an SMS campaign to numbers, contacts and groups, now or at a scheduled time",
  description: "Answers the campaign with state Queued (or Scheduled). Its messages are sent in batches; campaignCallback receives its progress, callback each message's delivery reports.",
  body: campaignBody,
  response: campaignResource,
  maxBody: 4 * 1024 * 1024,
  idempotent: true,
  errors: [...campaignErrors, "idempotencyKeyInvalid", "idempotencyKeyInUse", "idempotencyKeyReused"],
});

export const analyzeCampaignRoute = defineRoute(campaignsApi, "POST /sms/analyze/campaign", {
  summary: "Analyse a campaign before sending: recipients per country and group, parts, cost",
  description: "Also served as /sms/analyse/campaign. Nothing is stored or sent.",
  body: analyzeCampaignBody,
  response: campaignAnalysis.extend({ cost: z.number(), totalParts: z.number().int() }),
  maxBody: 4 * 1024 * 1024,
  errors: [...campaignErrors.filter((e) => e !== "campaignNameTaken" && e !== "callbackUrlRefused")],
});

export const updateCampaignRoute = defineRoute(campaignsApi, "PUT /sms/{trackingId}", {
  summary: "Replace a scheduled campaign's parameters; without scheduledDate it is sent now",
  params: trackingIdParams,
  body: campaignBody,
  response: campaignResource,
  maxBody: 4 * 1024 * 1024,
  errors: ["campaignNotFound", "campaignNotScheduled", ...campaignErrors],
});

export const deleteCampaignRoute = defineRoute(campaignsApi, "DELETE /sms/{trackingId}", {
  summary: "Delete a scheduled campaign",
  description: "Answers 200 with an empty body.",
  params: trackingIdParams,
  errors: ["campaignNotFound", "campaignNotScheduled"],
});

export const getCampaignRoute = defineRoute(campaignsApi, "GET /campaigns/{trackingId}", {
  summary: "A campaign with its live status counts, cost and reminder",
  params: trackingIdParams,
  response: campaignResource,
  errors: ["campaignNotFound"],
});
