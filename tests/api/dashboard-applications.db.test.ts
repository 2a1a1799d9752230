// The Applications page's JSON: create (secret shown once), list, revoke; roles and accounts.
import { describe, expect, it } from "vitest";
import * as apps from "../../app/api/dashboard/applications/route.ts";
import * as app from "../../app/api/dashboard/applications/[applicationId]/route.ts";
import { GET as me } from "../../app/api/dashboard/me/route.ts";
import { POST as token } from "../../app/api/oauth/token/route.ts";
import { GET as balance } from "../../app/api/accounts/me/balance/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { basic, bearer, call, form } from "../support/http.ts";
import { createUser } from "../../lib/core/users/create-user.ts";

const db = useTestDatabase();

const newApp = { name: "Billing service", scopes: ["sms", "report"], tokenTtl: 86400, callbackUrl: "https://example.com/dlr", callbackStrategy: "OnChange", transcode: true };

describe("dashboard applications", () => {
  it("creates an application whose secret is shown once and works at the token endpoint", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = { cookie: await sessionCookie(a.user.id) };
    const created = await call(apps.POST, { method: "POST", path: "/dashboard/applications", headers: cookie, body: newApp });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "Billing service", scopes: ["sms", "report"], tokenTtl: 86400, callback: { url: "https://example.com/dlr", strategy: "OnChange" }, transcode: true, revokedAt: "" });
    const { applicationId, applicationSecret } = created.body;
    expect(created.body.secretHint).toBe(applicationSecret.slice(-4));

    const list = await call(apps.GET, { path: "/dashboard/applications", headers: cookie });
    const listed = list.body.content.find((x: any) => x.applicationId === applicationId);
    expect(listed).toBeTruthy();
    expect(listed).not.toHaveProperty("applicationSecret");
    expect(JSON.stringify(list.body)).not.toContain(applicationSecret);

    const t = await call(token, { method: "POST", path: "/oauth/token", headers: { ...form, ...basic(applicationId, applicationSecret) }, raw: "grant_type=client_credentials" });
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ expires_in: 86400, scope: "sms report" });
  });

  it("revokes an application: its secret and its tokens stop working, the list hides it unless asked", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = { cookie: await sessionCookie(a.user.id) };
    const t = await a.token();
    const r = await call(app.DELETE, { method: "DELETE", path: "/x", headers: cookie, params: { applicationId: a.application.id } });
    expect(r.status).toBe(200);
    expect(r.body.revokedAt).not.toBe("");
    expect((await call(balance, { path: "/accounts/me/balance", headers: bearer(t) })).status).toBe(401);
    const again = await call(token, { method: "POST", path: "/oauth/token", headers: { ...form, ...basic(a.application.id, a.secret) }, raw: "grant_type=client_credentials" });
    expect(again.status).toBe(401);
    const active = await call(apps.GET, { path: "/dashboard/applications", headers: cookie });
    expect(active.body.content.map((x: any) => x.applicationId)).not.toContain(a.application.id);
    const all = await call(apps.GET, { path: "/dashboard/applications?revoked=true", headers: cookie });
    expect(all.body.content.map((x: any) => x.applicationId)).toContain(a.application.id);
  });

  it("lets only owners create and revoke; marketers and support staff may list", async () => {
    const a = await makeAccount(db.ctx());
    for (const role of ["marketer", "support"] as const) {
      const u = await createUser(db.ctx(), { accountId: a.account.id, email: `${role}-${a.account.id}@example.com`, password: "long enough pw", role });
      const cookie = { cookie: await sessionCookie(u.id) };
      const create = await call(apps.POST, { method: "POST", path: "/dashboard/applications", headers: cookie, body: newApp });
      expect(create.status).toBe(403);
      expect(create.body.code).toBe("403000001");
      const revoke = await call(app.DELETE, { method: "DELETE", path: "/x", headers: cookie, params: { applicationId: a.application.id } });
      expect(revoke.status).toBe(403);
      const list = await call(apps.GET, { path: "/dashboard/applications", headers: cookie });
      expect(list.status).toBe(200);
      expect(list.body.totalElements).toBe(1);
    }
  });

  it("never shows or touches another account's applications", async () => {
    const mine = await makeAccount(db.ctx());
    const theirs = await makeAccount(db.ctx());
    const cookie = { cookie: await sessionCookie(mine.user.id) };
    const list = await call(apps.GET, { path: "/dashboard/applications?revoked=true", headers: cookie });
    expect(list.body.content.map((x: any) => x.applicationId)).toEqual([mine.application.id]);
    const revoke = await call(app.DELETE, { method: "DELETE", path: "/x", headers: cookie, params: { applicationId: theirs.application.id } });
    expect(revoke.status).toBe(404);
    const still = await db.ctx().db.application.findUnique({ where: { id: theirs.application.id } });
    expect(still!.revokedAt).toBeNull();
  });

  it("answers /dashboard/me with the user and the account balance, and 401 without a session", async () => {
    const a = await makeAccount(db.ctx(), { balance: 7.25 });
    const r = await call(me, { path: "/dashboard/me", headers: { cookie: await sessionCookie(a.user.id) } });
    expect(r.body).toMatchObject({ user: { email: a.user.email, role: "owner" }, account: { id: a.account.id, balance: 7.25, currency: "EUR" } });
    const anon = await call(me, { path: "/dashboard/me" });
    expect(anon.status).toBe(401);
    const forged = await call(me, { path: "/dashboard/me", headers: { cookie: "next-auth.session-token=eyJhbGciOiJub25lIn0.e30." } });
    expect(forged.status).toBe(401);
  });
});
