// The audit log's contracts: an event as answers show it, the filters, and the routes (the
// owners' page and its CSV in the dashboard; GET /audit-events for tokens with the audit scope).
import { z } from "zod";
import { defineRoute, ownerRoute } from "../http/route-spec.ts";
import { pageSchema, searchWithExport } from "../http/paging.ts";
import { looseDate } from "../http/query-date.ts";
import { isoDate } from "./iso.ts";

export const auditEventView = z.object({
  id: z.string(),
  at: isoDate,
  actor: z.object({
    kind: z.enum(["user", "application", "system"]),
    id: z.string(),
    name: z.string().describe("The user's email or the application's name, as they were then."),
  }),
  action: z.string().describe("What was done, such as user.role-changed or application.secret-rotated."),
  target: z.string().describe('What it was done to (a user, an application, a campaign, a number…), or "".'),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().describe("The client address, as far as trusted proxies vouch for it."),
  userAgent: z.string(),
});
export type AuditEventView = z.infer<typeof auditEventView>;

const optionalDate = z.preprocess((v) => (v === "" ? undefined : v), looseDate.optional());

export const auditFilterQuery = z.object({
  actor: z.string().max(254).optional().describe("Part of the actor's email or name, or its id."),
  action: z.string().max(100).optional().describe("An action, or a prefix ending in '.' (user.)."),
  from: optionalDate.describe("Events at or after this time (ISO 8601)."),
  to: optionalDate.describe("Events at or before this time (ISO 8601)."),
});

const auditPage = pageSchema(auditEventView);

export const { list: dashboardAuditRoute, csv: dashboardAuditExportRoute } = searchWithExport(ownerRoute, "/dashboard/audit-events", {
  summary: "The account's audit log, newest first, filtered and paged (owners)",
  exportSummary: "The same events as CSV (owners)",
  filter: auditFilterQuery,
  pageSize: [50, 500],
  page: auditPage.extend({ actions: z.array(z.string()) }),
});

export const auditEventsRoute = defineRoute({ tag: "Audit", auth: "bearer", scope: "audit" }, "GET /audit-events", {
  summary: "The account's audit log",
  description:
    "Security-relevant actions in the account, newest first: sign-ins and failed sign-ins, users and roles changed, applications created and revoked, secrets rotated, campaigns sent, scheduled and deleted, numbers rented and cancelled, callbacks resent, credits and suspensions by the platform operator, exports downloaded. Needs the `audit` scope.",
  query: dashboardAuditRoute.query, // the owners' page's: the filter, paged
  response: auditPage,
  errors: ["validation"],
});
