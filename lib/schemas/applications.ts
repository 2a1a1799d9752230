// Dashboard JSON for the Applications page. The create schema also types the page's form.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { allScopes } from "../core/tokens/scopes.ts";
import { dashboardRoute, defineRoute, ownerRoute } from "../http/route-spec.ts";
import { pagedList } from "../http/paging.ts";
import { DEFAULT_RATE_LIMIT, MAX_RATE_LIMIT } from "../core/applications/read-rate-limit.ts";
import { applicationUuid } from "../core/applications/client-id.ts";

/** An application id in a path: the 24-hex id of newer applications or the uuid of older ones. */
export const applicationIdParam = z.string().transform((id, c) => {
  const uuid = applicationUuid(id);
  if (uuid) return uuid;
  c.addIssue({ code: "custom", message: "Not an application id" });
  return z.NEVER;
});

export const rateLimitPerSecond = z
  .number({ error: "Enter a number of requests per second" })
  .int("Enter a whole number of requests per second")
  .min(1, "At least 1 request per second")
  .max(MAX_RATE_LIMIT, `At most ${MAX_RATE_LIMIT.toLocaleString("en")} requests per second`)
  .describe(`Requests per second the application's tokens may make, with bursts of twice that (default ${DEFAULT_RATE_LIMIT}).`);

export const createApplicationBody = z.object({
  name: z.string().trim().min(2, "Give the application a name of at least 2 characters").max(80, "At most 80 characters"),
  scopes: z.array(z.enum(allScopes as [string, ...string[]])).min(1, "Choose at least one scope"),
  tokenTtl: z.union([z.literal(3600), z.literal(86400), z.literal(631139040)]),
  callbackUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "Enter an http(s) URL or leave it empty"),
  callbackStrategy: z.enum(["OnChange", "OnCompletion"]),
  transcode: z.boolean(),
  rateLimitPerSecond: rateLimitPerSecond.optional(),
});

export type CreateApplicationBody = z.infer<typeof createApplicationBody>;

export const updateApplicationBody = z.object({ rateLimitPerSecond });
export type UpdateApplicationBody = z.infer<typeof updateApplicationBody>;

export const applicationView = z.object({
  applicationId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  tokenTtl: z.number().int(),
  callback: z.object({ url: z.string(), strategy: z.string() }),
  transcode: z.boolean(),
  rateLimitPerSecond: z.number().int(),
  secretHint: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate,
  revokedAt: isoDate,
});

export type ApplicationView = z.infer<typeof applicationView>;

export const listApplicationsRoute = defineRoute(dashboardRoute, "GET /dashboard/applications", {
  summary: "List applications",
  ...pagedList(applicationView, 20, 200, { revoked: z.enum(["true", "false"]).optional() }),
});

export const createApplicationRoute = defineRoute(ownerRoute, "POST /dashboard/applications", {
  summary: "Create an application; the answer holds its secret, shown once",
  body: createApplicationBody,
  response: applicationView.extend({ applicationSecret: z.string() }),
});

export const revokeApplicationRoute = defineRoute(ownerRoute, "DELETE /dashboard/applications/{applicationId}", {
  summary: "Revoke an application and its tokens",
  params: z.object({ applicationId: applicationIdParam }),
  response: applicationView,
});

export const updateApplicationRoute = defineRoute(ownerRoute, "PATCH /dashboard/applications/{applicationId}", {
  summary: "Change an application's request rate limit",
  params: z.object({ applicationId: applicationIdParam }),
  body: updateApplicationBody,
  response: applicationView,
});

export const webhookSecretView = z.object({
  /** Standard Webhooks form: whsec_ and the base64 key. */
  secret: z.string(),
});

export const webhookSecretRoute = defineRoute(ownerRoute, "GET /dashboard/applications/webhook-secret", {
  summary: "The account's webhook signing secret (whsec_…), which signs every callback",
  response: webhookSecretView,
});

export const rotateWebhookSecretRoute = defineRoute(ownerRoute, "POST /dashboard/applications/webhook-secret", {
  summary: "Replace the webhook signing secret; callbacks sent from now on are signed with the new one",
  response: webhookSecretView,
});

export const meRoute = defineRoute(dashboardRoute, "GET /dashboard/me", {
  summary: "The signed-in user and their account",
  response: z.object({
    user: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.string(), platformAdmin: z.boolean() }),
    account: z.object({ id: z.string(), name: z.string(), balance: z.number(), currency: z.string() }),
  }),
});
