// POST /otp/send-failover, GET /otp/failover/{flowId} and the code check, in Routee's public
// shape: a `flow` of steps (ViberOtp, Sms) ordered by `order`, each with its own recipient, ttl
// in seconds and content; `callback.url` receives the flow on every change.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { dashboardCopy, dashboardRoute, defineRoute } from "../http/route-spec.ts";
import { pagedList } from "../http/paging.ts";
import { looseInt, looseIntBetween, stringish } from "./sms.ts";
import { enteredCode, twoStepStatuses } from "./two-step.ts";

/** A flow started by POST /2step: its verification's status (null for other flows). */
const twoStepOfFlow = z.enum(twoStepStatuses).nullable();

const stepType = z.preprocess(
  (v) => (typeof v === "string" ? (({ viberotp: "ViberOtp", viber: "ViberOtp", sms: "Sms" } as Record<string, string>)[v.toLowerCase()] ?? v) : v),
  z.enum(["ViberOtp", "Sms"], "type must be ViberOtp or Sms"),
);

// Routee lets ViberOtp take `to` as an array of one number.
const recipient = z.preprocess((v) => (Array.isArray(v) && v.length === 1 ? v[0] : v), stringish.pipe(z.string().min(1, "to is required")));

export const failoverStep = z.object({
  type: stepType.describe("ViberOtp or Sms."),
  to: recipient.describe("Recipient, E.164 (with or without '+'); ViberOtp also takes an array of one.").meta({ examples: ["+306912345678"] }),
  order: looseInt.pipe(z.number().min(1, "order is at least 1").max(100)).describe("Position of the step in the flow (1, 2, …), unique."),
  ttl: looseIntBetween("ttl", 1, 259_200, { min: "1 second", max: "259200 seconds (3 days)" }).describe("Seconds the step has to be delivered before the next step is sent."),
  label: z.string().max(300, "label is at most 300 characters").optional(),
  from: stringish.optional().describe("Sms sender id (required for Sms steps)."),
  message: z
    .object({ body: z.string().min(1, "message.body is required").max(1600, "message.body is too long") })
    .optional()
    .describe("The text; @@pin (or {{pin}}, {{code}}) is replaced by the code. Required for Sms steps."),
  pin: stringish
    .pipe(z.string().regex(/^[A-Za-z0-9]{4,10}$/, "pin is 4 to 10 letters or digits"))
    .optional()
    .describe("The code to send; generated (6 digits) when no step gives one."),
  senderInfoTrackingId: z.string().max(200).optional(),
  templateId: z.string().max(200).optional(),
  templateType: z.string().max(100).optional(),
  language: z.string().max(10).optional(),
  failoverAfterDelivered: z.boolean().optional().describe("ViberOtp: send the next step ttl seconds after delivery too."),
  trackingId: z.string().nullish(),
});

export const sendFailoverBody = z.object({
  flow: z.array(failoverStep).min(1, "flow needs at least one step").max(5, "flow has at most 5 steps"),
  callback: z.object({ url: z.string().trim().min(1, "callback.url is required").max(2000) }).optional(),
});
export type SendFailoverBody = z.output<typeof sendFailoverBody>;

export const flowStep = z.object({
  trackingId: z.string(),
  role: z.enum(["primary", "failover"]),
  flowId: z.string(),
  status: z.string().describe("queued, sent, delivered, seen, expired, failed, undelivered, unsent (lower case)."),
  channel: z.enum(["viber", "sms"]),
  phone_number: z.string().describe("Digits without '+'."),
  label: z.string(),
  created_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  detailed_status: z.string().nullable(),
  error_message: z.string().nullable(),
  failover_from_message_token: z.string().nullable(),
  price: z.number().nullable(),
  latency_ms: z.number().nullable(),
  country: z.string().nullable(),
  operator: z.string().nullable(),
});

export const failoverFlow = z.object({
  flowId: z.string(),
  status: z.enum(["InProgress", "Succeeded", "Failed"]),
  statusCode: z.string().nullable().describe("null unless Failed: 0 server error, 1 insufficient balance, 2 no next step."),
  total_cost: z.number().nullable(),
  steps: z.array(flowStep),
});
export type FailoverFlowView = z.output<typeof failoverFlow>;

const otpApi = { tag: "OTP", auth: "bearer", scope: "2step" } as const;
const flowParams = z.object({ flowId: z.string() });

export const sendFailoverRoute = defineRoute(otpApi, "POST /otp/send-failover", {
  summary: "Send an OTP with channel failover (Viber, then SMS)",
  description:
    "Answers the initial flow (InProgress, its first step queued). When the first step is not delivered within its ttl, or reports EXPIRED, FAILED or UNDELIVERED, the next step is sent. callback.url receives the flow (the same body as GET /otp/failover/{flowId}) after every status change and after each failover, never twice for the same state; no retries.",
  body: sendFailoverBody,
  response: failoverFlow,
  errors: ["insufficientBalance", "invalidSender", "destinationUnsupported", "callbackUrlRefused"],
});

export const getFailoverRoute = defineRoute(otpApi, "GET /otp/failover/{flowId}", {
  summary: "Track an OTP failover flow (by flowId or a step's trackingId)",
  params: flowParams,
  response: failoverFlow,
  errors: ["otpFlowNotFound"],
});

export const verifyOtpBody = z.object({ code: enteredCode("code") });

export const verifyOtpRoute = defineRoute(otpApi, "POST /otp/failover/{flowId}/verify", {
  summary: "Check a code the user entered against the flow's OTP",
  description: "A wrong code answers verified false and the attempts left; after 5 wrong codes, or once the code expired, the flow's code can no longer be verified.",
  params: flowParams,
  body: verifyOtpBody,
  response: z.object({ flowId: z.string(), verified: z.boolean(), status: z.string(), attemptsLeft: z.number().int(), expiresAt: isoDate }),
  errors: ["otpFlowNotFound", "otpCodeExpired", "otpTooManyAttempts", "otpAlreadyVerified", "otpFlowFailed"],
});

// ---------------------------------------------------------------------------------------------
// Dashboard: the flows list, one flow with its timeline and webhooks, and a test flow.

export const otpTestForm = z.object({
  to: z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{6,22}$/, "Enter the number in international format, e.g. +306912340006"),
  viber: z.boolean(),
  viberTtl: z.number("Enter seconds").int("Whole seconds").min(1, "At least 1 second").max(3600, "At most an hour here"),
  from: z.string().trim().min(1, "Enter a sender").max(16),
  body: z
    .string()
    .trim()
    .min(1, "Write the SMS")
    .max(500)
    .refine((b) => /@@pin|\{\{pin\}\}|\{\{code\}\}|\{code\}/.test(b), "Put @@pin where the code goes"),
  smsTtl: z.number("Enter seconds").int("Whole seconds").min(60, "At least 60 seconds").max(86_400),
  callbackUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), "Enter an http(s) URL or leave it empty"),
});
export type OtpTestForm = z.infer<typeof otpTestForm>;

export function toSendFailoverBody(f: OtpTestForm): z.input<typeof sendFailoverBody> {
  const to = f.to.replace(/[\s().-]/g, "");
  const sms = { type: "Sms", to, order: f.viber ? 2 : 1, ttl: f.smsTtl, from: f.from, label: "dashboard test", message: { body: f.body } };
  return {
    flow: f.viber ? [{ type: "ViberOtp", to, order: 1, ttl: f.viberTtl, label: "dashboard test" }, sms] : [sms],
    ...(f.callbackUrl ? { callback: { url: f.callbackUrl } } : {}),
  };
}

const flowSummary = z.object({
  flowId: z.string(),
  status: z.string(),
  statusCode: z.string().nullable(),
  phoneNumber: z.string(),
  channels: z.array(z.string()),
  stepStatuses: z.array(z.string()),
  totalCost: z.number().nullable(),
  currency: z.string(),
  verified: z.boolean(),
  twoStep: twoStepOfFlow,
  createdAt: isoDate,
  endedAt: isoDate.nullable(),
});
export type FlowSummary = z.infer<typeof flowSummary>;

export const listFlowsRoute = defineRoute(dashboardRoute, "GET /dashboard/otp", {
  summary: "OTP flows of the account, newest first",
  ...pagedList(flowSummary, 20, 200, { status: z.enum(["InProgress", "Succeeded", "Failed"]).optional() }),
});

export const startTestFlowRoute = dashboardCopy(sendFailoverRoute, { path: "/dashboard/otp", summary: "Start a test OTP flow" });

const flowDetail = z.object({
  flow: failoverFlow,
  currency: z.string(),
  createdAt: isoDate,
  endedAt: isoDate.nullable(),
  verifiedAt: isoDate.nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  twoStep: twoStepOfFlow,
  callbackUrl: z.string(),
  events: z.array(z.object({ at: isoDate, status: z.string(), description: z.string(), stepId: z.string().nullable() })),
  webhooks: z.array(z.object({ id: z.string(), createdAt: isoDate, state: z.string(), summary: z.string(), statusCode: z.number().int(), latencyMs: z.number().int(), error: z.string() })),
});
export type FlowDetail = z.infer<typeof flowDetail>;

export const flowDetailRoute = defineRoute(dashboardRoute, "GET /dashboard/otp/{flowId}", {
  summary: "One OTP flow with its timeline and webhook attempts",
  params: flowParams,
  response: flowDetail,
  errors: ["otpFlowNotFound"],
});
