// Routee's 2Step verification API (/2step): start a verification (a code by SMS), read it,
// answer it, cancel it, and count verifications by status and country.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { defineRoute } from "../http/route-spec.ts";
import { looseIntBetween, stringish } from "./sms.ts";
import { trackingIdParams } from "./path-segment.ts";

export const twoStepStatuses = ["Pending", "Verified", "Failed", "Expired", "Cancelled"] as const;
export type TwoStepStatus = (typeof twoStepStatuses)[number];

const lowerEnum = <const T extends readonly [string, ...string[]]>(values: T, message: string) => z.preprocess((v) => (typeof v === "string" ? v.toLowerCase() : v), z.enum(values, message));

export const startTwoStepBody = z.object({
  method: lowerEnum(["sms"], "method must be sms").describe("How the code is sent: sms."),
  type: lowerEnum(["code"], "type must be code").describe("What is sent: a code."),
  recipient: stringish
    .pipe(z.string().min(1, "recipient is required").max(20, "recipient is at most 20 characters"))
    .describe("The mobile number, E.164 (with or without '+').")
    .meta({ examples: ["+306912345678"] }),
  template: z
    .string()
    .min(1, "template must not be empty")
    .max(1000, "template is at most 1000 characters")
    .refine((t) => t.includes("@@pin"), "template must contain @@pin")
    .optional()
    .describe("The text; @@pin is replaced by the code and @@name by arguments.name. Default: 'Your verification code is @@pin'."),
  templateCountry: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "templateCountry is an ISO 3166-1 alpha-2 code such as GR")
    .optional()
    .describe("The template's country (ISO 3166-1 alpha-2); accepted for Routee's clients."),
  arguments: z
    .record(z.string().regex(/^\w{1,50}$/, "argument names are letters, digits and _"), stringish.pipe(z.string().max(200, "an argument is at most 200 characters")))
    .optional()
    .describe("Values of the template's other @@name placeholders."),
  originator: stringish.optional().describe("Sender id: up to 11 letters and digits, or up to 16 digits without '+'. Default: Verify."),
  lifetimeInSeconds: looseIntBetween("lifetimeInSeconds", 60, 86_400).optional().describe("Seconds the code can be answered; then the verification is Expired. Default 180."),
  maxRetries: looseIntBetween("maxRetries", 1, 100).optional().describe("Answers allowed; the verification turns Failed when they are all wrong. Default 10."),
  digits: looseIntBetween("digits", 4, 10).optional().describe("Length of the code. Default 4."),
});
export type StartTwoStepBody = z.output<typeof startTwoStepBody>;

export const twoStepView = z.object({
  trackingId: z.string(),
  status: z.enum(twoStepStatuses),
  updatedAt: isoDate,
});
export type TwoStepView = z.output<typeof twoStepView>;

const statusCounts = z.object(Object.fromEntries(twoStepStatuses.map((s) => [s, z.number().int()])) as Record<TwoStepStatus, z.ZodNumber>);

export const twoStepReport = z.object({
  total: z.number().int(),
  totals: statusCounts,
  perCountry: z.record(z.string(), statusCounts).describe("ISO 3166-1 alpha-2 country of the recipient → counts by status."),
});
export type TwoStepReport = z.output<typeof twoStepReport>;

const twoStepApi = { tag: "2Step", auth: "bearer", scope: "2step" } as const;
/** What the routes of one verification share: its address and the verification as the answer. */
const oneVerification = { params: trackingIdParams, response: twoStepView } as const;

export const startTwoStepRoute = defineRoute(twoStepApi, "POST /2step", {
  summary: "Start a 2Step verification: a code sent by SMS",
  description: "The SMS is charged like any other. Answers the verification, Pending.",
  body: startTwoStepBody,
  response: twoStepView,
  errors: ["validation", "insufficientBalance", "invalidSender", "destinationUnsupported"],
});

export const getTwoStepRoute = defineRoute(twoStepApi, "GET /2step/{trackingId}", {
  summary: "A 2Step verification's status",
  ...oneVerification,
  errors: ["twoStepNotFound"],
});

/** A code the user entered, as the 2Step and OTP checks take it; `field` names it in the messages. */
export const enteredCode = (field: string) => stringish.pipe(z.string().min(1, `${field} is required`).max(20, `${field} is at most 20 characters`)).describe("The code the user entered.");

export const answerTwoStepBody = z.object({ answer: enteredCode("answer") });

export const answerTwoStepRoute = defineRoute(twoStepApi, "POST /2step/{trackingId}", {
  summary: "Confirm a 2Step verification with the user's answer",
  description:
    "Verified when the answer is the code; a wrong answer leaves it Pending until maxRetries answers were wrong, then Failed. After its lifetime it is Expired. An Expired, Failed or Cancelled verification answers its status and counts no try.",
  ...oneVerification,
  body: answerTwoStepBody,
  errors: ["twoStepNotFound", "twoStepAlreadyVerified"],
});

export const cancelTwoStepRoute = defineRoute(twoStepApi, "DELETE /2step/{trackingId}", {
  summary: "Cancel a Pending 2Step verification",
  ...oneVerification,
  errors: ["twoStepNotFound", "twoStepNotPending"],
});

export const twoStepReportRoute = defineRoute(twoStepApi, "GET /2step/reports", {
  summary: "The account's 2Step verifications counted by status and country",
  response: twoStepReport,
});

export const twoStepAppReportRoute = defineRoute(twoStepApi, "GET /2step/reports/applications/{applicationId}", {
  summary: "One application's 2Step verifications counted by status and country",
  params: z.object({ applicationId: z.string() }),
  response: twoStepReport.extend({ applicationId: z.string() }),
});
