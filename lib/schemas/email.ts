// POST /transactional-email: from.address, to[].address, subject, content.html, and the usual
// cc, bcc, replyTo, text part and attachments; trackLinks and trackOpens (default true) and
// callback.eventCallback.onOpen / onClick.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { dashboardCopy, dashboardRoute, defineRoute } from "../http/route-spec.ts";
import { pagedList } from "../http/paging.ts";
import { looseBool } from "./sms.ts";
import { idParams } from "./path-segment.ts";

const address = z.string().trim().max(320).pipe(z.email("Invalid email address"));
const mailbox = z.object({ address, name: z.string().max(200).optional() });
// Clients send one mailbox or a list, a bare address or an object.
const mailboxes = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : [v]),
  z.array(z.preprocess((v) => (typeof v === "string" ? { address: v } : v), mailbox)).max(50, "at most 50 addresses"),
);

const callbackUrl = z.string().trim().min(1).max(2000);

export const sendEmailBody = z.object({
  from: z.preprocess((v) => (typeof v === "string" ? { address: v } : v), mailbox),
  to: mailboxes.pipe(z.array(mailbox).min(1, "to needs at least one address")),
  cc: mailboxes.optional(),
  bcc: mailboxes.optional(),
  replyTo: mailboxes.optional(),
  subject: z.string().min(1, "subject is required").max(998, "subject is too long"),
  text: z.string().max(1_000_000).optional().describe("The plain-text part (also accepted as content.text)."),
  content: z.object({
    html: z.string().min(1, "content.html is required").max(2_000_000, "content.html is at most 2 MB"),
    text: z.string().max(1_000_000).optional(),
  }),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(255),
        content: z.string().max(7_000_000).describe("Base64 of the file."),
        contentType: z.string().max(200).optional(),
      }),
    )
    .max(10, "at most 10 attachments")
    .optional(),
  trackLinks: looseBool.optional().describe("Rewrite anchor hrefs through click tracking (default true)."),
  trackOpens: looseBool.optional().describe("Add an open-tracking pixel (default true)."),
  callback: z.object({ eventCallback: z.object({ onOpen: callbackUrl.optional(), onClick: callbackUrl.optional() }).optional() }).optional(),
});
export type SendEmailBody = z.output<typeof sendEmailBody>;

export const emailResource = z.object({
  trackingId: z.string(),
  status: z.string().describe("Queued, Sent or Failed."),
  createdAt: isoDate,
  from: mailbox,
  to: z.array(mailbox),
  subject: z.string(),
  trackLinks: z.boolean(),
  trackOpens: z.boolean(),
  trackedLinks: z.number().int().describe("Links rewritten for click tracking."),
});

const emailApi = { tag: "Email", auth: "bearer" } as const;

export const sendEmailRoute = defineRoute(emailApi, "POST /transactional-email", {
  summary: "Send a transactional email with open and click tracking",
  description:
    "The email is queued and sent over SMTP (the bundled sink by default). With trackLinks every http(s) anchor href goes through a redirect under /t/c/, with trackOpens one pixel (/t/o/) is added before </body>; with both false the HTML is sent exactly as given. Opens and clicks are always recorded; callback.eventCallback.onOpen and onClick receive a signed POST for each.",
  body: sendEmailBody,
  response: emailResource,
  maxBody: 10 * 1024 * 1024,
  errors: ["callbackUrlRefused"],
});

// ---------------------------------------------------------------------------------------------
// Dashboard: sent emails, one email with its HTML as sent and its opens and clicks, a test
// email, and the SMTP sink's captured mail.

export const emailTestForm = z.object({
  from: z.string().trim().pipe(z.email("Enter the sender's address")),
  to: z.string().trim().pipe(z.email("Enter the recipient's address")),
  subject: z.string().trim().min(1, "Write a subject").max(998),
  html: z.string().min(1, "Write the HTML").max(200_000),
  trackLinks: z.boolean(),
  trackOpens: z.boolean(),
});
export type EmailTestForm = z.infer<typeof emailTestForm>;

export function toSendEmailBody(f: EmailTestForm): z.input<typeof sendEmailBody> {
  return { from: { address: f.from }, to: [{ address: f.to }], subject: f.subject, content: { html: f.html }, trackLinks: f.trackLinks, trackOpens: f.trackOpens };
}

const emailSummary = z.object({
  trackingId: z.string(),
  subject: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  status: z.string(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  opens: z.number().int(),
  clicks: z.number().int(),
  trackLinks: z.boolean(),
  trackOpens: z.boolean(),
});
export type EmailSummary = z.infer<typeof emailSummary>;

export const listEmailsRoute = defineRoute(dashboardRoute, "GET /dashboard/email", {
  summary: "Transactional emails of the account, newest first",
  ...pagedList(emailSummary, 20, 200),
});

export const sendTestEmailRoute = dashboardCopy(sendEmailRoute, { path: "/dashboard/email", summary: "Send a test email" });

const emailDetail = emailSummary.extend({
  html: z.string(),
  text: z.string(),
  error: z.string(),
  links: z.array(z.object({ position: z.number().int(), url: z.string(), clicks: z.number().int() })),
  events: z.array(z.object({ at: isoDate, kind: z.string(), url: z.string(), userAgent: z.string() })),
  series: z.array(z.object({ at: isoDate, opens: z.number().int(), clicks: z.number().int() })),
  callbacks: z.array(z.object({ id: z.string(), kind: z.string(), url: z.string(), state: z.string(), attempts: z.number().int(), createdAt: isoDate })),
});
export type EmailDetail = z.infer<typeof emailDetail>;

export const emailDetailRoute = defineRoute(dashboardRoute, "GET /dashboard/email/{id}", {
  summary: "One email: the HTML as sent, its links, opens and clicks",
  params: idParams,
  response: emailDetail,
  errors: ["emailNotFound"],
});

const capturedMail = z.object({
  id: z.string(),
  emailId: z.string().nullable(),
  mailFrom: z.string(),
  rcptTo: z.array(z.string()),
  subject: z.string(),
  size: z.number().int(),
  receivedAt: isoDate,
});
export type CapturedMail = z.infer<typeof capturedMail>;

export const listCapturedRoute = defineRoute(dashboardRoute, "GET /dashboard/email/sink", {
  summary: "Mail of the account captured by the bundled SMTP sink",
  ...pagedList(capturedMail, 20, 200),
});

export const capturedDetailRoute = defineRoute(dashboardRoute, "GET /dashboard/email/sink/{id}", {
  summary: "One captured mail with its HTML, text and raw source",
  params: idParams,
  response: capturedMail.extend({ html: z.string(), text: z.string(), raw: z.string() }),
  errors: ["notFound"],
});
