// Which routes the audit log records, and how: after a route listed here answers 2xx, one event
// with the caller (user or application), its address and user agent, the action, its target (a
// path parameter, or the id in the answer) and a few harmless fields of the body (never a
// password or secret). Kept out of the route specs so the list reads in one place.
import type { Ctx } from "../core/context.ts";
import { recordAudit } from "../core/audit/record-audit.ts";
import type { Principal } from "./principal.ts";
import type { RouteSpec } from "./route-spec.ts";
import { clientAddress } from "./client-address.ts";

interface Audited {
  action: string | ((body: Record<string, unknown>) => string);
  /** Body fields kept in the event's detail. */
  fields?: readonly string[];
  /** The operator console acts on another account: the event goes to that account's log. */
  accountParam?: string;
  /** Query parameters kept in the detail (an export's filters). */
  query?: boolean;
}

const campaignSent = (b: Record<string, unknown>) => (b.scheduledDate && b.scheduledDate !== "0001-01-01T00:00:00" ? "campaign.scheduled" : "campaign.sent");
const campaign = { action: campaignSent, fields: ["campaignName", "scheduledDate"] };

const audited: Record<string, Audited> = {
  "POST /dashboard/users": { action: "user.added", fields: ["email", "role"] },
  "PATCH /dashboard/users/{id}": { action: "user.role-changed", fields: ["role"] },
  "DELETE /dashboard/users/{id}": { action: "user.removed" },
  "POST /dashboard/users/{id}/password": { action: "user.password-reset" },
  "POST /dashboard/users/{id}/sign-out": { action: "user.signed-out" },
  "POST /dashboard/me/password": { action: "password.changed" },
  "POST /dashboard/me/sign-out-everywhere": { action: "sessions.ended" },
  "POST /dashboard/me/two-factor/confirm": { action: "two-factor.enabled" },
  "POST /dashboard/me/two-factor/disable": { action: "two-factor.disabled" },
  "POST /dashboard/me/two-factor/recovery-codes": { action: "two-factor.recovery-codes-renewed" },
  "POST /dashboard/users/{id}/two-factor/reset": { action: "user.two-factor-reset" },
  "PUT /dashboard/two-factor-policy": { action: "two-factor.policy-changed", fields: ["required"] },
  "POST /dashboard/applications": { action: "application.created", fields: ["name", "scopes"] },
  "PATCH /dashboard/applications/{applicationId}": { action: "application.changed", fields: ["name", "scopes", "rateLimitPerSecond", "callbackUrl"] },
  "DELETE /dashboard/applications/{applicationId}": { action: "application.revoked" },
  "POST /dashboard/applications/webhook-secret": { action: "webhook-secret.rotated" },
  "POST /sms/campaign": campaign,
  "POST /dashboard/campaigns": campaign,
  "PUT /sms/{trackingId}": { action: "campaign.rescheduled", fields: ["scheduledDate"] },
  "PUT /dashboard/campaigns/{id}": { action: "campaign.rescheduled", fields: ["scheduledDate"] },
  "DELETE /sms/{trackingId}": { action: "campaign.deleted" },
  "DELETE /dashboard/campaigns/{id}": { action: "campaign.deleted" },
  "POST /numbers/my": { action: "number.rented", fields: ["msisdn"] },
  "POST /dashboard/numbers": { action: "number.rented", fields: ["msisdn"] },
  "DELETE /numbers/my/{msisdn}": { action: "number.cancelled" },
  "DELETE /dashboard/numbers/{msisdn}": { action: "number.cancelled" },
  "POST /dashboard/callbacks/{id}/resend": { action: "callback.resent" },
  "POST /operator/accounts/{id}/balance": { action: "account.credited", fields: ["amount", "description"], accountParam: "id" },
  "POST /operator/accounts/{id}/suspend": { action: "account.suspended", fields: ["reason"], accountParam: "id" },
  "POST /operator/accounts/{id}/resume": { action: "account.resumed", accountParam: "id" },
  "GET /dashboard/tracking/export": { action: "export.tracking", query: true },
  "GET /dashboard/audit-events/export": { action: "export.audit-log", query: true },
  "GET /operator/accounts/{id}/prices/export": { action: "export.prices", accountParam: "id" },
};

const idFields = ["id", "userId", "applicationId", "trackingId", "campaignId", "msisdn"];

export interface AuditedRequest {
  req: Request;
  principal: Principal;
  params: unknown;
  query: unknown;
  body: unknown;
  result: unknown;
}

/** Records the event of a route that answered 2xx, when the route is one the log records. */
export async function auditRequest(ctx: Ctx, spec: RouteSpec, r: AuditedRequest): Promise<void> {
  const entry = audited[`${spec.method} ${spec.path}`];
  if (!entry) return;
  const body = isRecord(r.body) ? r.body : {};
  const params = isRecord(r.params) ? r.params : {};
  const result = isRecord(r.result) ? r.result : {};
  const target = Object.values(params).map(String).join("/") || String(idFields.map((f) => result[f]).find((v) => typeof v === "string" && v) ?? "");
  const detail: Record<string, unknown> = {};
  for (const f of entry.fields ?? []) if (body[f] !== undefined && body[f] !== "") detail[f] = body[f];
  if (entry.query && isRecord(r.query)) for (const [k, v] of Object.entries(r.query)) if (v !== undefined && v !== "") detail[k] = v instanceof Date ? v.toISOString() : v;
  const p = r.principal;
  await recordAudit(ctx, {
    accountId: entry.accountParam ? String(params[entry.accountParam] ?? p.accountId) : p.accountId,
    actor: p.kind === "user" ? { kind: "user", id: p.userId, name: p.email } : { kind: "application", id: p.applicationId, name: p.applicationName },
    action: typeof entry.action === "function" ? entry.action(body) : entry.action,
    target,
    detail,
    ip: clientAddress(r.req.headers),
    userAgent: r.req.headers.get("user-agent") ?? "",
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
