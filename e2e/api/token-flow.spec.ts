// The token flow over real HTTP against the built server: what an integrating developer does.
import { test, expect } from "../fixtures/test";
import { requestToken, switchboardClient } from "../fixtures/api";

test.describe("token flow over HTTP", () => {
  test("gets a token with Basic credentials and calls the account endpoints", async ({ request, baseURL, demo }) => {
    const t = await requestToken(`${baseURL}/api`, demo, "account");
    expect(t.response.status).toBe(200);
    expect(t.response.headers.get("cache-control")).toMatch(/\bno-store\b/);
    expect(t.data).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: "account", permissions: ["MT_ROLE_ACCOUNT_FINANCE"] });

    const api = switchboardClient(`${baseURL}/api`, t.data!.access_token);
    const balance = await api.GET("/accounts/me/balance");
    // Other tests send SMS from the demo account, so the opening 100 may be partly spent.
    expect(balance.data!.currency).toEqual({ code: "EUR", name: "Euro", sign: "€" });
    expect(balance.data!.balance).toBeGreaterThan(90);
    expect(balance.data!.balance).toBeLessThanOrEqual(100);
    // A trailing slash, as Routee's clients send it: outside the document, so by hand.
    const trailing = await request.get("/api/accounts/me/transactions/", { headers: { Authorization: `Bearer ${t.data!.access_token}` } });
    expect(trailing.status()).toBe(200);
    expect((await trailing.json()).content[0]).toMatchObject({ transactionType: "TopUp", amount: 100 });
    const prices = await api.GET("/system/prices", { params: { query: { mcc: "262" } } });
    expect(prices.data!.sms[0]).toMatchObject({ iso: "DE", country: "Germany" });
    const banks = await api.GET("/accounts/me/banks");
    expect(banks.response.status).toBe(200);
    expect(Array.isArray(banks.data!.banks)).toBe(true);
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
