// POST /api/oauth/token — every answer of the client-credentials grant.
import { describe, expect, it } from "vitest";
import { POST } from "../../app/api/oauth/token/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { basic, call, form } from "../support/http.ts";
import { revokeApplication } from "../../lib/core/applications/revoke-application.ts";
import { digest, randomSecret } from "../../lib/core/secrets/hashing.ts";

const db = useTestDatabase();

const token = (headers: Record<string, string>, body: string, path = "/oauth/token") => call(POST, { method: "POST", path, headers: { ...form, ...headers }, raw: body });

describe("POST /api/oauth/token", () => {
  it("issues a bearer token with every scope of the application when scope is omitted", async () => {
    const a = await makeAccount(db.ctx(), { scopes: ["sms", "account", "report"] });
    const r = await token(basic(a.application.id, a.secret), "grant_type=client_credentials");
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toMatch(/\bno-store\b/);
    expect(r.body.token_type).toBe("bearer");
    expect(r.body.expires_in).toBe(3600);
    expect(r.body.scope.split(" ").sort()).toEqual(["account", "report", "sms"]);
    expect(r.body.permissions.sort()).toEqual(["MT_ROLE_ACCOUNT_FINANCE", "MT_ROLE_REPORT", "MT_ROLE_SMS"]);
    expect(r.body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it("grants a requested subset, written with spaces or commas", async () => {
    const a = await makeAccount(db.ctx());
    const spaced = await token(basic(a.application.id, a.secret), "grant_type=client_credentials&scope=sms%20report");
    expect(spaced.body.scope).toBe("sms report");
    expect(spaced.body.permissions).toEqual(["MT_ROLE_SMS", "MT_ROLE_REPORT"]);
    const commas = await token(basic(a.application.id, a.secret), "grant_type=client_credentials&scope=sms,contact");
    expect(commas.body.scope).toBe("sms contact");
  });

  it("treats an empty scope= as all of the application's scopes", async () => {
    const a = await makeAccount(db.ctx(), { scopes: ["sms", "contact"] });
    const r = await token(basic(a.application.id, a.secret), "grant_type=client_credentials&scope=");
    expect(r.status).toBe(200);
    expect(r.body.scope).toBe("sms contact");
  });

  it("accepts Routee clients' variants: lower-case basic, grant_type in the query, credentials in the form", async () => {
    const a = await makeAccount(db.ctx());
    const lower = await token({ authorization: basic(a.application.id, a.secret).authorization.replace("Basic", "basic") }, "grant_type=client_credentials");
    expect(lower.status).toBe(200);
    const inQuery = await token(basic(a.application.id, a.secret), "", "/oauth/token?grant_type=client_credentials");
    expect(inQuery.status).toBe(200);
    const inForm = await token({}, `grant_type=client_credentials&client_id=${a.application.id}&client_secret=${encodeURIComponent(a.secret)}`);
    expect(inForm.status).toBe(200);
  });

  it("gives the application's token lifetime", async () => {
    const day = await makeAccount(db.ctx(), { tokenTtl: 86400 });
    const r = await token(basic(day.application.id, day.secret), "grant_type=client_credentials");
    expect(r.body.expires_in).toBe(86400);
    const years = await makeAccount(db.ctx(), { tokenTtl: 631139040 });
    expect((await token(basic(years.application.id, years.secret), "grant_type=client_credentials")).body.expires_in).toBe(631139040);
  });

  it("answers 401 invalid_client for a wrong secret, an unknown or malformed id, and a revoked application", async () => {
    const a = await makeAccount(db.ctx());
    const cases = [basic(a.application.id, `${a.secret}x`), basic("6f1c0a4e-7a43-4d0e-9b8e-5d2f8f1b0c11", a.secret), basic("not-an-id", a.secret), { authorization: "Basic !!!" }, {}];
    for (const headers of cases) {
      const r = await token(headers, "grant_type=client_credentials");
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ error: "invalid_client", code: "401000001", status: 401 });
      expect(r.body.developerMessage).toBeTruthy();
      expect(r.headers.get("www-authenticate")).toMatch(/^Basic/);
      expect(r.headers.get("cache-control")).toMatch(/\bno-store\b/);
    }
    await revokeApplication(db.ctx(), { accountId: a.account.id, applicationId: a.application.id });
    const revoked = await token(basic(a.application.id, a.secret), "grant_type=client_credentials");
    expect(revoked.status).toBe(401);
  });

  it("answers 400 invalid_scope for an unknown scope and for one the application lacks", async () => {
    const a = await makeAccount(db.ctx(), { scopes: ["sms"] });
    const unknown = await token(basic(a.application.id, a.secret), "grant_type=client_credentials&scope=sms%20telepathy");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: "invalid_scope", code: "400000012" });
    expect(unknown.body.error_description).toContain("telepathy");
    const notHeld = await token(basic(a.application.id, a.secret), "grant_type=client_credentials&scope=account");
    expect(notHeld.status).toBe(400);
    expect(notHeld.body.error).toBe("invalid_scope");
  });

  it("answers 400 unsupported_grant_type and invalid_request", async () => {
    const a = await makeAccount(db.ctx());
    const pw = await token(basic(a.application.id, a.secret), "grant_type=password&username=x");
    expect(pw.status).toBe(400);
    expect(pw.body).toMatchObject({ error: "unsupported_grant_type", code: "400000011" });
    const missing = await token(basic(a.application.id, a.secret), "scope=sms");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "invalid_request", code: "400000010" });
  });

  it("stores tokens hashed, never in the clear", async () => {
    const a = await makeAccount(db.ctx());
    const r = await token(basic(a.application.id, a.secret), "grant_type=client_credentials");
    const rows = await db.ctx().db.accessToken.findMany({ where: { applicationId: a.application.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(r.body.access_token);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const app = await db.ctx().db.application.findUnique({ where: { id: a.application.id } });
    expect(app!.secretHash).not.toBe(a.secret);
  });

  it("gives new applications an id:secret of at most 45 characters (Ruby's Base64.encode64 keeps it on one line), by either id form", async () => {
    const a = await makeAccount(db.ctx(), { scopes: ["sms"] });
    expect(a.clientId).toMatch(/^[0-9a-f]{24}$/);
    expect(a.secret).toMatch(/^[0-9A-Za-z]{20}$/);
    const pair = `${a.clientId}:${a.secret}`;
    expect(pair.length).toBeLessThanOrEqual(45);
    // Base64.encode64 breaks its output every 60 characters: the header must be one line.
    const encoded = Buffer.from(pair).toString("base64");
    expect(encoded.length).toBeLessThanOrEqual(60);
    expect((await token({ authorization: `Basic ${encoded}` }, "grant_type=client_credentials")).status).toBe(200);
    expect((await token(basic(a.clientId.toUpperCase(), a.secret), "grant_type=client_credentials")).status).toBe(200);
    expect((await token({}, `grant_type=client_credentials&client_id=${a.clientId}&client_secret=${a.secret}`)).status).toBe(200);
    // The uuid the tables hold names the same application.
    expect((await token(basic(a.application.id, a.secret), "grant_type=client_credentials")).status).toBe(200);
  });

  it("keeps accepting the credentials of applications created before: a random uuid and a 43-character secret", async () => {
    const a = await makeAccount(db.ctx());
    const secret = randomSecret();
    const old = await db.ctx().db.application.create({
      data: { accountId: a.account.id, name: "Old one", scopes: ["sms"], secretHash: digest(secret), secretHint: secret.slice(-4), createdAt: new Date() },
    });
    expect(old.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect(secret).toHaveLength(43);
    const r = await token(basic(old.id, secret), "grant_type=client_credentials");
    expect(r.status).toBe(200);
    expect(r.body.scope).toBe("sms");
    expect((await token(basic(old.id, `${secret.slice(0, 20)}`), "grant_type=client_credentials")).status).toBe(401);
  });
});
