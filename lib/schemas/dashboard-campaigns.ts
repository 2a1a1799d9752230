// Dashboard JSON for the campaign pages: the list, a campaign with its timeline, its messages
// and recipients, the quote before sending, and what the composer picks recipients from. Create
// and update take the API's campaignBody unchanged; the composer's form keeps its rules in the
// form's words, and toCampaignBody() turns the form into that body.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { dashboardCopy, dashboardRoute, defineRoute } from "../http/route-spec.ts";
import { pagedList, pageQuery, pageSchema } from "../http/paging.ts";
import { isValidSender } from "../core/sms/validate-sender.ts";
import { parseRecipient } from "../core/sms/parse-recipient.ts";
import { placeholdersIn } from "../core/campaigns/personalize.ts";
import {
  analyzeCampaignRoute,
  campaignAnalysis,
  type campaignBody,
  campaignName,
  campaignResource,
  createCampaignRoute,
  deleteCampaignRoute,
  updateCampaignRoute,
  type CampaignBody,
} from "./campaigns.ts";
import { priceFields, statusFields } from "./dashboard-sms.ts";
import { idParams } from "./path-segment.ts";
import { contactView } from "./contacts.ts";

export const campaignStates = ["Scheduled", "Queued", "Running", "Sent", "Finished", "Failed"] as const;

// ---------------------------------------------------------------------------------------------
// The composer's form.

/** A list of numbers as people paste it: one per line, or separated by commas, semicolons or tabs. */
export function splitNumbers(text: string): string[] {
  return text
    .split(/[\n\r,;\t]+/)
    .map((n) => n.trim().replace(/[\s().-]/g, ""))
    .filter(Boolean);
}

/** A local date-time from <input type="datetime-local"> ("2026-05-01T09:30") as an instant in the browser's zone. */
export function localToDate(local: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The instant as the value of a datetime-local input, in the browser's zone. */
export function dateToLocal(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const callbackStrategy = z.enum(["OnChange", "OnCompletion"]);
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "Enter an http(s) URL or leave it empty");

export const campaignForm = z
  .object({
    // A dashboard campaign always has a name: without one it would not be listed (spec).
    campaignName: z.string().trim().min(1, "Name the campaign").pipe(campaignName),
    from: z.string().trim().min(1, "Enter a sender").refine(isValidSender, "Up to 11 letters and digits, or up to 16 digits without '+'"),
    body: z
      .string()
      .max(10_000, "At most 10,000 characters")
      .refine((b) => b.trim().length > 0, "Write the message"),
    groups: z.array(z.string()),
    contacts: z.array(z.string()),
    numbers: z.string().max(1_000_000, "Too many numbers: at most 30,000"),
    allowInvalid: z.boolean(),
    fallbackValues: z.record(z.string(), z.string().max(500, "At most 500 characters")),
    transcode: z.boolean(),
    trackLinks: z.boolean(),
    flash: z.boolean(),
    ttl: z.number("Enter the validity in minutes").int("Whole minutes").min(1, "At least 1 minute").max(4320, "At most 4320 minutes (3 days)"),
    when: z.enum(["now", "later"]),
    scheduledAt: z.string(),
    respectQuietHours: z.boolean(),
    reminder: z.boolean(),
    reminderMinutesBefore: z.number("Enter the minutes").int("Whole minutes").min(1, "At least 1 minute").max(10_080, "At most a week (10,080 minutes)"),
    reminderTo: z.string(),
    campaignCallbackUrl: httpUrl,
    campaignCallbackStrategy: callbackStrategy,
    callbackUrl: httpUrl,
    callbackStrategy,
  })
  .superRefine((f, ctx) => {
    const numbers = splitNumbers(f.numbers);
    if (f.groups.length === 0 && f.contacts.length === 0 && numbers.length === 0) ctx.addIssue({ code: "custom", path: ["groups"], message: "Pick at least one group, contact or number" });
    if (numbers.length > 30_000) ctx.addIssue({ code: "custom", path: ["numbers"], message: `At most 30,000 numbers; this list has ${numbers.length.toLocaleString("en")}` });
    if (f.when === "later") {
      const at = localToDate(f.scheduledAt);
      if (!at) ctx.addIssue({ code: "custom", path: ["scheduledAt"], message: "Pick the date and time to send" });
      else if (at.getTime() < Date.now()) ctx.addIssue({ code: "custom", path: ["scheduledAt"], message: "Pick a time in the future" });
    }
    // A reminder goes before a scheduled start; sending now leaves it out.
    if (f.reminder && f.when === "later") {
      const to = splitNumbers(f.reminderTo);
      if (to.length === 0) ctx.addIssue({ code: "custom", path: ["reminderTo"], message: "Enter at least one number for the test SMS" });
      else if (to.length > 10) ctx.addIssue({ code: "custom", path: ["reminderTo"], message: "At most 10 numbers" });
      else {
        const bad = to.filter((n) => !parseRecipient(n, { type: false }));
        if (bad.length) ctx.addIssue({ code: "custom", path: ["reminderTo"], message: `Not a valid mobile number: ${bad.join(", ")}` });
      }
    }
  });

export type CampaignForm = z.infer<typeof campaignForm>;

export const emptyCampaignForm: CampaignForm = {
  campaignName: "",
  from: "",
  body: "",
  groups: [],
  contacts: [],
  numbers: "",
  allowInvalid: false,
  fallbackValues: {},
  transcode: false,
  trackLinks: false,
  flash: false,
  ttl: 4320,
  when: "now",
  scheduledAt: "",
  respectQuietHours: false,
  reminder: false,
  reminderMinutesBefore: 30,
  reminderTo: "",
  campaignCallbackUrl: "",
  campaignCallbackStrategy: "OnCompletion",
  callbackUrl: "",
  callbackStrategy: "OnCompletion",
};

export type CampaignBodyInput = z.input<typeof campaignBody>;

/** The fallback values of the labels the body uses, without empty ones. */
export function usedFallbacks(body: string, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(placeholdersIn(body).flatMap((name) => (values[name]?.trim() ? [[name, values[name]]] : [])));
}

/** The API body of POST /sms/campaign (and PUT) from the form; the recipients part alone for a quote. */
export function toCampaignBody(f: CampaignForm): CampaignBodyInput {
  const scheduled = f.when === "later" ? localToDate(f.scheduledAt) : null;
  return {
    campaignName: f.campaignName.trim(),
    from: f.from.trim(),
    body: f.body,
    ...recipientsOf(f),
    fallbackValues: usedFallbacks(f.body, f.fallbackValues),
    transcode: f.transcode,
    ...(f.trackLinks ? { trackLinks: true } : {}),
    flash: f.flash,
    ttl: f.ttl,
    respectQuietHours: f.respectQuietHours,
    ...(scheduled ? { scheduledDate: scheduled.toISOString() } : {}),
    ...(scheduled && f.reminder ? { reminder: { minutesBefore: f.reminderMinutesBefore, to: splitNumbers(f.reminderTo) } } : {}),
    ...(f.campaignCallbackUrl ? { campaignCallback: { url: f.campaignCallbackUrl, strategy: f.campaignCallbackStrategy } } : {}),
    ...(f.callbackUrl ? { callback: { url: f.callbackUrl, strategy: f.callbackStrategy } } : {}),
  };
}

export function recipientsOf(f: Pick<CampaignForm, "groups" | "contacts" | "numbers" | "allowInvalid">) {
  const to = [...new Set(splitNumbers(f.numbers))];
  return {
    ...(f.groups.length ? { groups: f.groups } : {}),
    ...(f.contacts.length ? { contacts: f.contacts } : {}),
    ...(to.length ? { to } : {}),
    ...(f.allowInvalid ? { allowinvalid: true } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Answers.

export const campaignView = campaignResource.extend({
  currency: z.string(),
  /** Messages with a final status ÷ totalMessages, 0 to 1. */
  progress: z.number(),
  finalMessages: z.number().int(),
  totalParts: z.number().int(),
  startedAt: isoDate,
  stateAt: isoDate,
  reminderSentAt: isoDate,
  allowInvalid: z.boolean(),
  transcode: z.boolean(),
});
export type CampaignView = z.infer<typeof campaignView>;

export const campaignSummary = campaignView.pick({
  trackingId: true,
  campaignName: true,
  state: true,
  createdAt: true,
  scheduledDate: true,
  startedAt: true,
  endedAt: true,
  from: true,
  body: true,
  groups: true,
  statuses: true,
  cost: true,
  currency: true,
  totalMessages: true,
  progress: true,
  finalMessages: true,
  respectQuietHours: true,
});
export type CampaignSummary = z.infer<typeof campaignSummary>;

const statusPoint = z.object({ at: isoDate, Queued: z.number(), Sent: z.number(), Failed: z.number(), Delivered: z.number(), Undelivered: z.number(), Unsent: z.number() });

export const campaignDetail = z.object({
  campaign: campaignView,
  events: z.array(z.object({ state: z.string(), description: z.string(), at: isoDate })),
  /** Seconds per point of `series`; 0 before the campaign starts. */
  bucketSeconds: z.number().int(),
  series: z.array(statusPoint),
  /** Clicks on its short links over time (trackLinks), per minute or per hour. */
  clickSeries: z.object({ unit: z.enum(["minute", "hour"]), points: z.array(z.object({ at: isoDate, clicks: z.number().int() })) }),
});
export type CampaignDetail = z.infer<typeof campaignDetail>;
export type StatusPoint = z.infer<typeof statusPoint>;

export const campaignMessage = z.object({
  trackingId: z.string(),
  to: z.string(),
  contactName: z.string(),
  ...statusFields,
  parts: z.number().int(),
  ...priceFields,
  body: z.string(),
  createdAt: isoDate,
  finalAt: isoDate,
});
export type CampaignMessage = z.infer<typeof campaignMessage>;

export const campaignRecipient = z.object({
  seq: z.number().int(),
  mobile: z.string(),
  country: z.string(),
  contactId: z.string(),
  contactName: z.string(),
  text: z.string(),
  parts: z.number().int(),
  encoding: z.string(),
  price: z.number(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipient>;

export const campaignQuote = campaignAnalysis.extend({
  cost: z.number(),
  totalParts: z.number().int(),
  currency: z.string(),
  balance: z.number(),
  /** The balance covers the cost. */
  enough: z.boolean(),
  /** Numbers of `to` that are not valid mobile numbers (left out with allowinvalid). */
  invalid: z.array(z.string()),
});
export type CampaignQuote = z.infer<typeof campaignQuote>;

/** A contact the composer can pick: who it is as the contacts API shows it, and what the campaign reads. */
export const audienceContact = contactView.pick({ id: true, firstName: true, lastName: true, mobile: true, country: true, groups: true }).extend({
  blacklisted: z.boolean(),
  /** Every label value by name, default labels included: what personalisation reads. */
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type AudienceContact = z.infer<typeof audienceContact>;

export const audience = z.object({
  groups: z.array(z.object({ name: z.string(), size: z.number().int() })),
  /** Labels a body can use: firstName and lastName first, then the account's custom labels. */
  labels: z.array(z.object({ name: z.string(), type: z.string(), custom: z.boolean() })),
  contactCount: z.number().int(),
  balance: z.number(),
  currency: z.string(),
  /** What short links start with (trackLinks): the preview shows one. */
  shortLinkBase: z.string(),
});
export type Audience = z.infer<typeof audience>;

// ---------------------------------------------------------------------------------------------
// Routes.

const stateList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const states = (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = states.find((s) => !(campaignStates as readonly string[]).includes(s));
    if (bad !== undefined) {
      ctx.addIssue({ code: "custom", message: `state is one of ${campaignStates.join(", ")} (several separated by commas)` });
      return z.NEVER;
    }
    return states;
  })
  .meta({ type: "string", description: "One state or several separated by commas." });

export const listCampaignsRoute = defineRoute(dashboardRoute, "GET /dashboard/campaigns", {
  summary: "The account's named campaigns, newest first, with their counts and progress",
  description: "unnamed=true adds the campaigns sent through the API without a campaignName.",
  query: pageQuery(20, 100).extend({
    state: stateList,
    name: z.string().max(100, "name is at most 100 characters").optional(),
    unnamed: z.enum(["true", "false"]).optional(),
  }),
  response: pageSchema(campaignSummary),
});

export const dashboardCreateCampaignRoute = dashboardCopy(createCampaignRoute, {
  path: "/dashboard/campaigns",
  summary: "Create a campaign from the composer: now or scheduled",
  response: campaignView,
});

export const dashboardAnalyzeCampaignRoute = dashboardCopy(analyzeCampaignRoute, {
  path: "/dashboard/campaigns/analyze",
  summary: "Quote a campaign before sending: recipients per country and group, parts, cost and the balance",
  description: "Unlike POST /sms/analyze/campaign, a cost above the balance is answered (enough: false), not refused.",
  response: campaignQuote,
  errors: analyzeCampaignRoute.errors.filter((e) => e !== "insufficientBalance"),
});

export const dashboardCampaignRoute = defineRoute(dashboardRoute, "GET /dashboard/campaigns/{id}", {
  summary: "A campaign with its live counts, its state changes and its statuses over time",
  params: idParams,
  response: campaignDetail,
  errors: ["campaignNotFound"],
});

export const dashboardUpdateCampaignRoute = dashboardCopy(updateCampaignRoute, {
  path: "/dashboard/campaigns/{id}",
  summary: "Replace a Scheduled campaign; without scheduledDate it is sent now",
  params: idParams,
  response: campaignView,
});

export const dashboardDeleteCampaignRoute = dashboardCopy(deleteCampaignRoute, {
  path: "/dashboard/campaigns/{id}",
  summary: "Delete a Scheduled campaign",
  params: idParams,
  response: z.object({ trackingId: z.string(), deleted: z.boolean() }),
});

export const campaignMessagesRoute = defineRoute(dashboardRoute, "GET /dashboard/campaigns/{id}/messages", {
  summary: "A page of the campaign's messages, optionally of one status or matching a number",
  params: idParams,
  query: pageQuery(20, 200).extend({
    status: z
      .enum(["Queued", "Sent", "Failed", "Unsent", "Delivered", "Undelivered"])
      .optional()
      .or(z.literal("").transform(() => undefined)),
    search: z.string().max(30).optional(),
  }),
  response: pageSchema(campaignMessage),
  errors: ["campaignNotFound"],
});

export const campaignRecipientsRoute = defineRoute(dashboardRoute, "GET /dashboard/campaigns/{id}/recipients", {
  summary: "A page of the campaign's resolved recipients with their own text, parts and price",
  params: idParams,
  ...pagedList(campaignRecipient, 20, 200, { search: z.string().max(30).optional() }),
  errors: ["campaignNotFound"],
});

export const audienceRoute = defineRoute(dashboardRoute, "GET /dashboard/campaigns/audience", {
  summary: "What the composer picks from: groups with their sizes, labels, and the balance",
  response: audience,
});

export const audienceContactsRoute = defineRoute(dashboardRoute, "GET /dashboard/campaigns/audience/contacts", {
  summary: "Contacts to pick or preview: by search, by group, or by id",
  query: pageQuery(10, 50).extend({
    search: z.string().max(100).optional(),
    group: z.string().max(100).optional(),
    ids: z.string().max(20_000).optional().describe("Contact ids separated by commas (at most 200)."),
  }),
  response: pageSchema(audienceContact),
  errors: ["groupNotFound"],
});

export type { CampaignBody };
