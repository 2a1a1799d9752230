// Per-application rate limits: requests over the application's limit in one second get the 429
// envelope with Retry-After, and waiting that long lets the next request through; every bearer
// answer carries X-RateLimit-Limit, -Remaining and -Reset (and the same as RateLimit-*); the limit
// is the application's own and an owner changes it on the application's drawer. The count is in
// the database: two instances (two limiters) together allow the limit, not twice it.
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
import { RateLimiter } from "../../lib/http/rate-limit.ts";
import { clientIdOf } from "../../lib/core/applications/client-id.ts";

const db = useTestDatabase();
const get = (headers: Record<string, string>) => call(balance, { path: "/accounts/me/balance", headers });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits, if need be, for a second to begin: the requests that follow fall in one window. */
async function freshSecond() {
  const left = 1000 - (Date.now() % 1000);
  if (left < 850) await sleep(left + 5);
}
/** Waits for the next second to begin, so what was counted before it does not count in it. */
const nextSecond = () => sleep(1000 - (Date.now() % 1000) + 5);

async function appWithLimit(accountId: string, rateLimitPerSecond?: number) {
  const { application, secret } = await createApplication(db.ctx(), { accountId, name: "Limited", scopes: ["account", "sms"], rateLimitPerSecond });
  const token = (await issueToken(db.ctx(), { clientId: application.id, clientSecret: secret, grantType: "client_credentials", scope: undefined })).access_token;
  return { application, auth: bearer(token) };
}

describe("rate limits", () => {
  it("answers 429 with Retry-After over the limit, and lets the next request through after waiting it", async () => {
    const a = await makeAccount(db.ctx());
    const limited = await appWithLimit(a.account.id, 2); // 2 requests/s
    await get(limited.auth); // the limit is read once, in the second before
    await nextSecond();
    const burst = await Promise.all(Array.from({ length: 6 }, () => get(limited.auth)));
    const ok = burst.filter((r) => r.status === 200);
    expect(ok.length).toBe(2);
    expect(ok.map((r) => r.headers.get("x-ratelimit-remaining")).sort()).toEqual(["0", "1"]);
    const refused = burst.find((r) => r.status !== 200)!;
    expect(refused.status).toBe(429);
    expect(envelopeProblem(refused)).toBeNull();
    expect(refused.body.code).toBe("429000000");
    expect(refused.headers.get("x-ratelimit-limit")).toBe("2");
    expect(refused.headers.get("ratelimit-limit")).toBe("2");
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
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
    await freshSecond();
    expect((await Promise.all([1, 2, 3].map(() => get(limited.auth)))).map((r) => r.status).sort()).toEqual([200, 429, 429]);
    // The 429 comes before the body is read.
    expect((await call(send, { method: "POST", path: "/sms", headers: limited.auth, raw: "{not json" })).status).toBe(429);
    // The account's other application (default limit: 100/s) is not affected.
    const auth = bearer(await a.token());
    await freshSecond();
    const other = await get(auth);
    expect(other.status).toBe(200);
    expect(other.headers.get("x-ratelimit-limit")).toBe("100");
    expect(other.headers.get("x-ratelimit-remaining")).toBe("99");
    expect(other.headers.get("x-ratelimit-reset")).toBe("1");
    expect(other.headers.get("ratelimit-remaining")).toBe("99");
    // Error answers carry them too.
    const bad = await call(send, { method: "POST", path: "/sms", headers: auth, raw: "{not json" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("x-ratelimit-limit")).toBe("100");
  });

  it("takes an owner's change on the drawer at once; the limit is validated and shown", async () => {
    const a = await makeAccount(db.ctx());
    const limited = await appWithLimit(a.account.id, 1);
    const cookie = { cookie: await sessionCookie(a.user.id) };
    await freshSecond();
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
    expect(now.headers.get("ratelimit-limit")).toBe("50");
    const listed = await call(apps.GET, { path: "/dashboard/applications", headers: cookie });
    expect(listed.body.content.find((x: { applicationId: string }) => x.applicationId === clientIdOf(limited.application.id)).rateLimitPerSecond).toBe(50);
    // Created with a limit from the dashboard's form.
    const created = await call(apps.POST, {
      method: "POST",
      path: "/dashboard/applications",
      headers: cookie,
      body: { name: "Bulk", scopes: ["sms"], tokenTtl: 3600, callbackUrl: "", callbackStrategy: "OnCompletion", transcode: false, rateLimitPerSecond: 500 },
    });
    expect(created.body.rateLimitPerSecond).toBe(500);
  });

  it("holds across two instances behind a round-robin: 10 requests/s means at most 10 in any second", async () => {
    const a = await makeAccount(db.ctx());
    const { application } = await appWithLimit(a.account.id, 10);
    const instances = [new RateLimiter(), new RateLimiter()];
    let granted = 0;
    let turn = 0;
    const started = Date.now();
    while (Date.now() < started + 2500) {
      // Eight clients at once, each request to the next instance in turn.
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          instances[turn++ % 2]!.takeRequest(db.ctx(), application.id).then(
            () => true,
            () => false,
          ),
        ),
      );
      granted += answers.filter(Boolean).length;
    }
    // Every one-second window the run touched allowed ten, across both instances, and no more.
    const windows = Math.floor(Date.now() / 1000) - Math.floor(started / 1000) + 1;
    expect(granted).toBeLessThanOrEqual(10 * windows);
    expect(granted).toBeGreaterThanOrEqual(10 * (windows - 1));
  });
});
