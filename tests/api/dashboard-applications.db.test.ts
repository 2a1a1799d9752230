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
import * as webhookSecret from "../../app/api/dashboard/applications/webhook-secret/route.ts";
import { signatureHeaders } from "../../lib/core/callbacks/sign.ts";
import crypto from "node:crypto";

const db = useTestDatabase();

const newApp = { name: "Billing service", scopes: ["sms", "report"], tokenTtl: 86400, callbackUrl: "https://example.com/dlr", callbackStrategy: "OnChange", transcode: true };

describe("dashboard applications", () => {
  it("creates an application whose secret is shown once and works at the token endpoint", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = { cookie: await sessionCookie(a.user.id) };
    const created = await call(apps.POST, { method: "POST", path: "/dashboard/applications", headers: cookie, body: newApp });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: "Billing service",
      scopes: ["sms", "report"],
      tokenTtl: 86400,
      callback: { url: "https://example.com/dlr", strategy: "OnChange" },
      transcode: true,
      revokedAt: "",
    });
    const { applicationId, applicationSecret } = created.body;
    // Short enough for every client: a 24-hex id and a 20-character secret (lib/core/applications/client-id.ts).
    expect(applicationId).toMatch(/^[0-9a-f]{24}$/);
    expect(applicationSecret).toMatch(/^[0-9A-Za-z]{20}$/);
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
    const r = await call(app.DELETE, { method: "DELETE", path: "/x", headers: cookie, params: { applicationId: a.clientId } });
    expect(r.status).toBe(200);
    expect(r.body.revokedAt).not.toBe("");
    expect((await call(balance, { path: "/accounts/me/balance", headers: bearer(t) })).status).toBe(401);
    const again = await call(token, { method: "POST", path: "/oauth/token", headers: { ...form, ...basic(a.application.id, a.secret) }, raw: "grant_type=client_credentials" });
    expect(again.status).toBe(401);
    const active = await call(apps.GET, { path: "/dashboard/applications", headers: cookie });
    expect(active.body.content.map((x: any) => x.applicationId)).not.toContain(a.clientId);
    const all = await call(apps.GET, { path: "/dashboard/applications?revoked=true", headers: cookie });
    expect(all.body.content.map((x: any) => x.applicationId)).toContain(a.clientId);
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
    expect(list.body.content.map((x: any) => x.applicationId)).toEqual([mine.clientId]);
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

// The receiver's check shown on the Applications page and in the README, run as written.
function verifyCallback(secret: string, headers: Record<string, string>, body: string) {
  const id = headers["webhook-id"],
    timestamp = headers["webhook-timestamp"];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // replayed or stale
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  return headers["webhook-signature"]!.split(" ").some((s) => {
    const given = Buffer.from(s.slice(s.indexOf(",") + 1), "base64");
    return s.startsWith("v1,") && given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

describe("webhook signing secret", () => {
  it("shows owners the secret that signs callbacks, as whsec_…, and rotates it", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = { cookie: await sessionCookie(a.user.id) };
    const shown = await call(webhookSecret.GET, { path: "/dashboard/applications/webhook-secret", headers: cookie });
    expect(shown.status).toBe(200);
    expect(shown.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const signedWith = async () => (await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } })).webhookSecret;
    const body = JSON.stringify({ trackingId: "x", status: "Delivered" });
    const sign = async () => signatureHeaders(await signedWith(), "msg_1", body, new Date());
    expect(verifyCallback(shown.body.secret, await sign(), body)).toBe(true);
    expect(verifyCallback(shown.body.secret, await sign(), `${body} `)).toBe(false);

    const rotated = await call(webhookSecret.POST, { method: "POST", path: "/dashboard/applications/webhook-secret", headers: cookie });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(shown.body.secret);
    expect((await call(webhookSecret.GET, { path: "/dashboard/applications/webhook-secret", headers: cookie })).body.secret).toBe(rotated.body.secret);
    // Callbacks from now on verify with the new secret only.
    expect(verifyCallback(rotated.body.secret, await sign(), body)).toBe(true);
    expect(verifyCallback(shown.body.secret, await sign(), body)).toBe(false);
  });

  it("is for owners only, and each account sees its own", async () => {
    const a = await makeAccount(db.ctx());
    const other = await makeAccount(db.ctx());
    const otherSecret = (await db.ctx().db.account.findUniqueOrThrow({ where: { id: other.account.id } })).webhookSecret;
    for (const role of ["marketer", "support"] as const) {
      const u = await createUser(db.ctx(), { accountId: a.account.id, email: `${role}-wh-${a.account.id}@example.com`, password: "long enough pw", role });
      const cookie = { cookie: await sessionCookie(u.id) };
      for (const [handler, method] of [
        [webhookSecret.GET, "GET"],
        [webhookSecret.POST, "POST"],
      ] as const) {
        const r = await call(handler, { method, path: "/dashboard/applications/webhook-secret", headers: cookie });
        expect(r.status, `${role} ${method}`).toBe(403);
        expect(r.body.code).toBe("403000001");
      }
    }
    expect((await call(webhookSecret.GET, { path: "/dashboard/applications/webhook-secret" })).status).toBe(401);
    const mine = await call(webhookSecret.GET, { path: "/dashboard/applications/webhook-secret", headers: { cookie: await sessionCookie(a.user.id) } });
    expect(mine.body.secret).not.toBe(`whsec_${otherSecret}`);
    await call(webhookSecret.POST, { method: "POST", path: "/dashboard/applications/webhook-secret", headers: { cookie: await sessionCookie(a.user.id) } });
    expect((await db.ctx().db.account.findUniqueOrThrow({ where: { id: other.account.id } })).webhookSecret).toBe(otherSecret);
  });
});
