// The audit log: the actions of the list in lib/http/audit-trail.ts and sign-ins are recorded with
// who, from where and what; owners read them in the dashboard (filters, CSV), tokens with the
// audit scope at GET /api/audit-events; nobody else, and no other account, sees them.
import { describe, expect, it } from "vitest";
import * as users from "../../app/api/dashboard/users/route.ts";
import * as user from "../../app/api/dashboard/users/[id]/route.ts";
import * as secret from "../../app/api/dashboard/applications/webhook-secret/route.ts";
import { GET as dashboardAudit } from "../../app/api/dashboard/audit-events/route.ts";
import { GET as auditExport } from "../../app/api/dashboard/audit-events/export/route.ts";
import { GET as apiAudit } from "../../app/api/audit-events/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { authenticateUser } from "../../lib/core/users/authenticate-user.ts";

const db = useTestDatabase();

async function owner() {
  const a = await makeAccount(db.ctx());
  const headers = { cookie: await sessionCookie(a.user.id), "x-forwarded-for": "198.51.100.23", "user-agent": "Audit test" };
  return { ...a, headers };
}

describe("the audit log", () => {
  it("records a role change and a secret rotation with actor and address, for owners to filter and download", async () => {
    const a = await owner();
    const added = await call(users.POST, { method: "POST", path: "/dashboard/users", headers: a.headers, body: { email: "colleague@example.com", role: "support" } });
    expect(added.status).toBe(200);
    const id = added.body.id;
    expect((await call(user.PATCH, { method: "PATCH", path: `/dashboard/users/${id}`, headers: a.headers, params: { id }, body: { role: "marketer" } })).status).toBe(200);
    expect((await call(secret.POST, { method: "POST", path: "/dashboard/applications/webhook-secret", headers: a.headers })).status).toBe(200);

    const log = await call(dashboardAudit, { path: "/dashboard/audit-events", headers: a.headers });
    expect(log.status).toBe(200);
    expect(log.body.content.map((e: { action: string }) => e.action)).toEqual(["webhook-secret.rotated", "user.role-changed", "user.added"]);
    const [rotated, changed] = log.body.content;
    expect(changed).toMatchObject({ actor: { kind: "user", id: a.user.id, name: a.user.email }, target: id, detail: { role: "marketer" }, ip: "198.51.100.23", userAgent: "Audit test" });
    expect(rotated).toMatchObject({ actor: { name: a.user.email }, ip: "198.51.100.23" });
    expect(JSON.stringify(log.body)).not.toContain(added.body.password);
    expect(log.body.actions).toEqual(["user.added", "user.role-changed", "webhook-secret.rotated"]);

    const filtered = await call(dashboardAudit, { path: "/dashboard/audit-events?action=user.", headers: a.headers });
    expect(filtered.body.content.map((e: { action: string }) => e.action)).toEqual(["user.role-changed", "user.added"]);
    const byActor = await call(dashboardAudit, { path: `/dashboard/audit-events?actor=${encodeURIComponent("nobody@")}`, headers: a.headers });
    expect(byActor.body.totalElements).toBe(0);
    const later = await call(dashboardAudit, { path: `/dashboard/audit-events?from=${new Date(Date.now() + 60_000).toISOString()}`, headers: a.headers });
    expect(later.body.totalElements).toBe(0);

    const csv = await call(auditExport, { path: "/dashboard/audit-events/export?action=webhook-secret.rotated", headers: a.headers });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text).toContain("webhook-secret.rotated");
    expect(csv.text).not.toContain("user.role-changed");
    // Downloading it is recorded too.
    const after = await call(dashboardAudit, { path: "/dashboard/audit-events?action=export.audit-log", headers: a.headers });
    expect(after.body.totalElements).toBe(1);
  });

  it("records sign-ins and failed ones", async () => {
    const a = await owner();
    await authenticateUser(db.ctx(), a.user.email, "wrong password", "203.0.113.8");
    await authenticateUser(db.ctx(), a.user.email, a.password, "203.0.113.9");
    const log = await call(dashboardAudit, { path: "/dashboard/audit-events?action=sign-in.", headers: a.headers });
    const all = await call(dashboardAudit, { path: "/dashboard/audit-events", headers: a.headers });
    expect(all.body.content.map((e: { action: string; ip: string }) => [e.action, e.ip])).toEqual([
      ["sign-in", "203.0.113.9"],
      ["sign-in.failed", "203.0.113.8"],
    ]);
    expect(log.body.totalElements).toBe(1);
  });

  it("is read with the audit scope over the API, and by nobody else", async () => {
    const a = await owner();
    const b = await owner();
    await call(secret.POST, { method: "POST", path: "/dashboard/applications/webhook-secret", headers: a.headers });
    const ok = await call(apiAudit, { path: "/audit-events", headers: bearer(await a.token("audit")) });
    expect(ok.status).toBe(200);
    expect(ok.body.content.map((e: { action: string }) => e.action)).toEqual(["webhook-secret.rotated"]);
    const lacking = await call(apiAudit, { path: "/audit-events", headers: bearer(await a.token("sms")) });
    expect(lacking.status).toBe(403);
    // Another account's owner sees its own log only.
    const other = await call(dashboardAudit, { path: "/dashboard/audit-events", headers: b.headers });
    expect(other.body.totalElements).toBe(0);
    // A marketer of the account does not see it.
    const added = await call(users.POST, { method: "POST", path: "/dashboard/users", headers: a.headers, body: { email: `m-${Date.now()}@example.com`, role: "marketer" } });
    const marketer = { cookie: await sessionCookie(added.body.id) };
    expect((await call(dashboardAudit, { path: "/dashboard/audit-events", headers: marketer })).status).toBe(403);
  });
});
