// The token flow over real HTTP against the built server: what an integrating developer does.
import { test, expect } from "../fixtures/test";

test.describe("token flow over HTTP", () => {
  test("gets a token with Basic credentials and calls the account endpoints", async ({ request, demo }) => {
    const basic = `Basic ${Buffer.from(`${demo.applicationId}:${demo.applicationSecret}`).toString("base64")}`;
    const res = await request.post("/api/oauth/token", { headers: { Authorization: basic }, form: { grant_type: "client_credentials", scope: "account" } });
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("no-store");
    const token = await res.json();
    expect(token).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: "account", permissions: ["MT_ROLE_ACCOUNT_FINANCE"] });

    const auth = { Authorization: `Bearer ${token.access_token}` };
    const balance = await request.get("/api/accounts/me/balance", { headers: auth });
    // Other tests send SMS from the demo account, so the opening 100 may be partly spent.
    const b = await balance.json();
    expect(b.currency).toEqual({ code: "EUR", name: "Euro", sign: "€" });
    expect(b.balance).toBeGreaterThan(90);
    expect(b.balance).toBeLessThanOrEqual(100);
    const trailing = await request.get("/api/accounts/me/transactions/", { headers: auth });
    expect(trailing.status()).toBe(200);
    expect((await trailing.json()).content[0]).toMatchObject({ transactionType: "TopUp", amount: 100 });
    const prices = await request.get("/api/system/prices?mcc=262", { headers: auth });
    expect((await prices.json()).sms[0]).toMatchObject({ iso: "DE", country: "Germany" });
  });

  test("refuses a wrong secret, a missing token and a missing scope with the error envelope", async ({ request, demo }) => {
    const wrong = await request.post("/api/oauth/token", {
      headers: { Authorization: `Basic ${Buffer.from(`${demo.applicationId}:nope`).toString("base64")}` },
      form: { grant_type: "client_credentials" },
    });
    expect(wrong.status()).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: "invalid_client", code: "401000001", status: 401 });

    const anonymous = await request.get("/api/accounts/me/balance");
    expect(anonymous.status()).toBe(401);
    expect(anonymous.headers()["www-authenticate"]).toMatch(/^Bearer/);

    const t = await request.post("/api/oauth/token", {
      headers: { Authorization: `Basic ${Buffer.from(`${demo.applicationId}:${demo.applicationSecret}`).toString("base64")}` },
      form: { grant_type: "client_credentials", scope: "sms" },
    });
    const smsOnly = (await t.json()).access_token;
    const forbidden = await request.get("/api/accounts/me/balance", { headers: { Authorization: `Bearer ${smsOnly}` } });
    expect(forbidden.status()).toBe(403);
    expect((await forbidden.json()).code).toBe("403000000");
  });

  test("serves the OpenAPI document and answers unknown paths and bad bodies with 4xx envelopes", async ({ request }) => {
    const doc = await request.get("/api/openapi.json");
    expect((await doc.json()).paths["/oauth/token"].post).toBeTruthy();
    const missing = await request.get("/api/no/such/endpoint");
    expect(missing.status()).toBe(404);
    expect((await missing.json()).code).toBe("404000000");
    const broken = await request.post("/api/dashboard/applications", { headers: { "content-type": "application/json" }, data: "{oops" });
    expect(broken.status()).toBeLessThan(500);
    const body = await broken.text();
    expect(body).toContain("developerMessage");
    expect(body).not.toMatch(/\n\s+at\s/);
  });
});
