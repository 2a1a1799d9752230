// Per-application rate limits: a burst over the application's limit gets the 429 envelope with
// Retry-After, and waiting that long lets the next request through; every bearer answer carries
// RateLimit-Limit, -Remaining and -Reset; the limit is the application's own and an owner
// changes it on the application's drawer.
import { describe, expect, it } from "vitest";
import { GET as balance } from "../../app/api/accounts/me/balance/route.ts";
import { POST as send } from "../../app/api/sms/route.ts";
import * as apps from "../../app/api/dashboard/applications/route.ts";
import * as app from "../../app/api/dashboard/applications/[applicationId]/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { createApplication } from "../../lib/core/applications/create-application.ts";
import { issueToken } from "../../lib/core/tokens/issue-token.ts";
import { envelopeProblem } from "./api-routes.ts";

const db = useTestDatabase();
const get = (headers: Record<string, string>) => call(balance, { path: "/accounts/me/balance", headers });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function appWithLimit(accountId: string, rateLimitPerSecond?: number) {
  const { application, secret } = await createApplication(db.ctx(), { accountId, name: "Limited", scopes: ["account", "sms"], rateLimitPerSecond });
  const token = (await issueToken(db.ctx(), { clientId: application.id, clientSecret: secret, grantType: "client_credentials", scope: undefined })).access_token;
  return { application, auth: bearer(token) };
}

describe("rate limits", () => {
  it("answers 429 with Retry-After over the limit, and lets the next request through after waiting it", async () => {
    const a = await makeAccount(db.ctx());
    const limited = await appWithLimit(a.account.id, 2); // 2 requests/s, bursts of 4
    // At once, so that however slow the machine the bucket cannot refill in between.
    const burst = await Promise.all(Array.from({ length: 6 }, () => get(limited.auth)));
    const ok = burst.filter((r) => r.status === 200);
    expect(ok.length).toBe(4);
    expect(ok.map((r) => r.headers.get("ratelimit-remaining")).sort()).toEqual(["0", "1", "2", "3"]);
    const refused = burst.find((r) => r.status !== 200)!;
    expect(refused.status).toBe(429);
    expect(envelopeProblem(refused)).toBeNull();
    expect(refused.body.code).toBe("429000000");
    expect(refused.headers.get("ratelimit-limit")).toBe("4");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(retryAfter);

    await sleep(retryAfter * 1000);
    const after = await get(limited.auth);
    expect(after.status).toBe(200);
    expect(after.body).toHaveProperty("balance");
  });

  it("limits each application on its own and puts the headers on every bearer answer", async () => {
    const a = await makeAccount(db.ctx());
    const limited = await appWithLimit(a.account.id, 1);
    expect((await Promise.all([1, 2, 3].map(() => get(limited.auth)))).map((r) => r.status).sort()).toEqual([200, 200, 429]);
    // The 429 comes before the body is read.
    expect((await call(send, { method: "POST", path: "/sms", headers: limited.auth, raw: "{not json" })).status).toBe(429);
    // The account's other application (default limit: 100/s, bursts of 200) is not affected.
    const other = await get(bearer(await a.token()));
    expect(other.status).toBe(200);
    expect(other.headers.get("ratelimit-limit")).toBe("200");
    expect(other.headers.get("ratelimit-remaining")).toBe("199");
    expect(other.headers.get("ratelimit-reset")).toBe("1");
    // Error answers carry them too.
    const bad = await call(send, { method: "POST", path: "/sms", headers: bearer(await a.token()), raw: "{not json" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("ratelimit-limit")).toBe("200");
  });

  it("takes an owner's change on the drawer at once; the limit is validated and shown", async () => {
    const a = await makeAccount(db.ctx());
    const limited = await appWithLimit(a.account.id, 1);
    const cookie = { cookie: await sessionCookie(a.user.id) };
    expect((await Promise.all([1, 2, 3].map(() => get(limited.auth)))).map((r) => r.status)).toContain(429);
    const patch = (body: unknown) =>
      call(app.PATCH, { method: "PATCH", path: `/dashboard/applications/${limited.application.id}`, headers: cookie, params: { applicationId: limited.application.id }, body });
    for (const wrong of [0, -5, 1.5, "fast", 100_001]) {
      const r = await patch({ rateLimitPerSecond: wrong });
      expect(r.status).toBe(400);
      expect(r.body.properties).toHaveProperty("rateLimitPerSecond");
    }
    const changed = await patch({ rateLimitPerSecond: 50 });
    expect(changed.status).toBe(200);
    expect(changed.body.rateLimitPerSecond).toBe(50);
    const now = await get(limited.auth);
    expect(now.status).toBe(200);
    expect(now.headers.get("ratelimit-limit")).toBe("100");
    const listed = await call(apps.GET, { path: "/dashboard/applications", headers: cookie });
    expect(listed.body.content.find((x: { applicationId: string }) => x.applicationId === limited.application.id).rateLimitPerSecond).toBe(50);
    // Created with a limit from the dashboard's form.
    const created = await call(apps.POST, {
      method: "POST",
      path: "/dashboard/applications",
      headers: cookie,
      body: { name: "Bulk", scopes: ["sms"], tokenTtl: 3600, callbackUrl: "", callbackStrategy: "OnCompletion", transcode: false, rateLimitPerSecond: 500 },
    });
    expect(created.body.rateLimitPerSecond).toBe(500);
  });
});
