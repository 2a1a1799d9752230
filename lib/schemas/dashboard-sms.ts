// Dashboard JSON for Compose and the message page: send, quote, the message with its parts,
// events and callbacks, the latest messages, and resending a callback. The compose form keeps
// sendSmsBody's rules in the form's words, and toSendSmsBody() turns it into that body.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { composerRoute, dashboardCopy, dashboardRoute, defineRoute } from "../http/route-spec.ts";
import { pagedList } from "../http/paging.ts";
import { isValidSender } from "../core/sms/validate-sender.ts";
import { analyzeSmsRoute, callbackSchema, sendSmsBody, sendSmsRoute, smsResource } from "./sms.ts";
import { idParams, trackingIdParams } from "./path-segment.ts";

// ---------------------------------------------------------------------------------------------
// The compose form: plain strings, numbers and booleans for the inputs; toSendSmsBody() turns
// it into the API body.

export const composeForm = z.object({
  from: z.string().trim().min(1, "Enter a sender").refine(isValidSender, "Up to 11 letters and digits, or up to 16 digits without '+'"),
  to: z
    .string()
    .trim()
    .min(1, "Enter the destination number")
    .regex(/^\+?[\d\s().-]{6,22}$/, "Enter the number in international format, e.g. +306912345678"),
  // sendSmsBody's limits, in the form's words.
  body: z
    .string()
    .max(10_000, "At most 10,000 characters")
    .refine((b) => b.trim().length > 0, "Write the message"),
  label: z.string().max(350, "At most 350 characters"),
  flash: z.boolean(),
  transcode: z.boolean(),
  trackLinks: z.boolean(),
  ttl: z.number("Enter the validity in minutes").int("Whole minutes").min(1, "At least 1 minute").max(4320, "At most 4320 minutes (3 days)"),
  callbackUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "Enter an http(s) URL or leave it empty"),
  callbackStrategy: callbackSchema.shape.strategy.unwrap(),
});

export type ComposeForm = z.infer<typeof composeForm>;
export type SendSmsBody = z.input<typeof sendSmsBody>;

export function toSendSmsBody(f: ComposeForm): SendSmsBody {
  return {
    from: f.from,
    to: f.to.replace(/[\s().-]/g, ""),
    body: f.body,
    transcode: f.transcode,
    ttl: f.ttl,
    ...(f.trackLinks ? { trackLinks: true } : {}),
    ...(f.flash ? { flash: true } : {}),
    ...(f.label.trim() ? { label: f.label.trim() } : {}),
    ...(f.callbackUrl ? { callback: { url: f.callbackUrl, strategy: f.callbackStrategy } } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Answers.

const bodyAnalysis = smsResource.shape.bodyAnalysis;

export const smsQuote = z.object({
  bodyAnalysis,
  costPerPart: z.number(),
  parts: z.number().int(),
  total: z.number(),
  currency: z.string(),
  country: z.string(),
});
export type SmsQuote = z.infer<typeof smsQuote>;

/** A message's or a part's status as the pages show it: the status, the SMSC's detail and when. */
export const statusFields = { status: z.string(), detailedStatus: z.string(), statusDescription: z.string(), statusAt: isoDate };
/** What something cost, in the account's currency. */
export const priceFields = { price: z.number(), currency: z.string() };

export const messageView = z.object({
  trackingId: z.string(),
  ...statusFields,
  from: z.string(),
  to: z.string(),
  body: z.string(),
  label: z.string(),
  country: z.string(),
  operator: z.string(),
  numberType: z.string(),
  encoding: z.string(),
  parts: z.number().int(),
  flash: z.boolean(),
  transcode: z.boolean(),
  bodyAnalysis,
  ttl: z.number().int(),
  ...priceFields,
  applicationName: z.string(),
  campaignName: z.string(),
  callback: z.object({ url: z.string(), strategy: z.string() }),
  createdAt: isoDate,
  expiresAt: isoDate,
  finalAt: isoDate,
});
export type MessageView = z.infer<typeof messageView>;

export const messagePartView = z.object({
  smsId: z.string(),
  part: z.number().int(),
  text: z.string(),
  ...statusFields,
  smscMessageId: z.string(),
  price: z.number(),
  /** The connector that carried the part; "" for none (not submitted yet, or a test carrier). */
  connector: z.string(),
  /** The connectors that refused it before, in order, and why: "A: throttled → B: Delivered". */
  hops: z.array(z.object({ connector: z.string(), description: z.string() })),
  submittedAt: isoDate,
  doneAt: isoDate,
  /** Seconds from the message's creation to the part's final status; 0 while not final. */
  latency: z.number(),
});
export type MessagePartView = z.infer<typeof messagePartView>;

export const messageEventView = z.object({
  id: z.string(),
  smsId: z.string(),
  /** The part's number, 0 for an event of the whole message. */
  part: z.number().int(),
  status: z.string(),
  detailedStatus: z.string(),
  description: z.string(),
  at: isoDate,
});
export type MessageEventView = z.infer<typeof messageEventView>;

export const callbackAttemptView = z.object({
  attempt: z.number().int(),
  at: isoDate,
  statusCode: z.number().int(),
  latencyMs: z.number().int(),
  error: z.string(),
  responseBody: z.string(),
});

export const callbackView = z.object({
  id: z.string(),
  kind: z.string(),
  url: z.string(),
  /** pending, delivered or failed. */
  state: z.string(),
  attempts: z.number().int(),
  createdAt: isoDate,
  completedAt: isoDate,
  payload: z.unknown(),
  attemptLog: z.array(callbackAttemptView),
});
export type CallbackView = z.infer<typeof callbackView>;

export const messageDetail = z.object({
  message: messageView,
  parts: z.array(messagePartView),
  events: z.array(messageEventView),
  callbacks: z.array(callbackView),
  /** Clicks on its short links (trackLinks); null for a message without any. */
  clicks: z.object({ count: z.number().int(), firstClickAt: isoDate }).nullable(),
});
export type MessageDetail = z.infer<typeof messageDetail>;

export const messageSummary = messageView.pick({ trackingId: true, status: true, from: true, to: true, body: true, parts: true, encoding: true, price: true, currency: true, createdAt: true });
export type MessageSummary = z.infer<typeof messageSummary>;

// ---------------------------------------------------------------------------------------------
// Routes.

export const dashboardSendSmsRoute = dashboardCopy(sendSmsRoute, { path: "/dashboard/sms", summary: "Send a single SMS from the dashboard, as the signed-in user's account" });

export const quoteSmsBody = sendSmsBody.pick({ from: true, to: true, transcode: true }).extend({
  // The quote is asked for before the message is written: an empty body is one part.
  body: z.string().max(10_000, "body is too long").default(""),
});

export const quoteSmsRoute = defineRoute(composerRoute, "POST /dashboard/sms/quote", {
  summary: "Price of a message to a destination: cost per part, parts, total and the country",
  body: quoteSmsBody,
  response: smsQuote,
  errors: analyzeSmsRoute.errors, // priced as the API's analysis prices it (prepareSms), so it fails alike
});

export const listMessagesRoute = defineRoute(dashboardRoute, "GET /dashboard/messages", {
  summary: "The account's latest messages, newest first",
  ...pagedList(messageSummary, 10, 100),
});

export const messageDetailRoute = defineRoute(dashboardRoute, "GET /dashboard/messages/{trackingId}", {
  summary: "One message with its parts, status events and callbacks",
  params: trackingIdParams,
  response: messageDetail,
  errors: ["trackingNotFound"],
});

export const resendCallbackRoute = defineRoute(composerRoute, "POST /dashboard/callbacks/{id}/resend", {
  summary: "Send a callback again: a new callback with the same URL and payload",
  params: idParams,
  response: callbackView,
  errors: ["notFound"],
});
