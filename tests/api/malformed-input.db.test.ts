// Bad input of every kind reaches a 4xx error envelope: never a 500, never a stack trace.
import { describe, expect, it } from "vitest";
import * as token from "../../app/api/oauth/token/route.ts";
import * as balance from "../../app/api/accounts/me/balance/route.ts";
import * as transactions from "../../app/api/accounts/me/transactions/route.ts";
import * as prices from "../../app/api/system/prices/route.ts";
import * as apps from "../../app/api/dashboard/applications/route.ts";
import * as app from "../../app/api/dashboard/applications/[applicationId]/route.ts";
import * as catchAll from "../../app/api/[...path]/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call, type Call, type RouteHandler } from "../support/http.ts";

const db = useTestDatabase();

function expectEnvelope(r: Call, status?: number) {
  if (status) expect(r.status).toBe(status);
  expect(r.status).toBeGreaterThanOrEqual(400);
  expect(r.status).toBeLessThan(500);
  expect(typeof r.body?.code).toBe("string");
  expect(r.body.code).toMatch(/^\d{9}$/);
  expect(r.body.code.slice(0, 3)).toBe(String(r.status));
  expect(typeof r.body.developerMessage).toBe("string");
  expect(r.text).not.toMatch(/\n\s+at\s|node_modules|\.ts:\d+/);
}

describe("malformed input", () => {
  it("refuses broken JSON, empty and null bodies, wrong types and wrong content types", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = { cookie: await sessionCookie(a.user.id) };
    const post = (extra: { raw?: string; body?: unknown; headers?: Record<string, string> }) =>
      call(apps.POST, { method: "POST", path: "/dashboard/applications", ...extra, headers: { "content-type": "application/json", ...cookie, ...extra.headers } });
    expectEnvelope(await post({ raw: "{not json" }), 400);
    expectEnvelope(await post({ raw: "" }), 400);
    expectEnvelope(await post({ raw: "null" }), 400);
    expectEnvelope(await post({ raw: "[1,2,3]" }), 400);
    expectEnvelope(await post({ raw: '"just a string"' }), 400);
    const wrongTypes = await post({ body: { name: 42, scopes: "sms", tokenTtl: "forever", callbackUrl: 7, callbackStrategy: "Sometimes", transcode: "yes" } });
    expectEnvelope(wrongTypes, 400);
    expect(Object.keys(wrongTypes.body.properties)).toEqual(expect.arrayContaining(["name", "scopes", "tokenTtl", "callbackStrategy", "transcode"]));
    expect(wrongTypes.body.errors.length).toBeGreaterThanOrEqual(5);
    expectEnvelope(await post({ raw: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } }), 415);
  });

  it("refuses oversized bodies with 413 before reading them whole", async () => {
    const a = await makeAccount(db.ctx());
    const big = "x".repeat(2 * 1024 * 1024);
    const r = await call(apps.POST, {
      method: "POST",
      path: "/dashboard/applications",
      headers: { cookie: await sessionCookie(a.user.id), "content-type": "application/json" },
      raw: JSON.stringify({ name: big }),
    });
    expectEnvelope(r, 413);
    const tok = await call(token.POST, { method: "POST", path: "/oauth/token", headers: { "content-type": "application/x-www-form-urlencoded" }, raw: `grant_type=${big}` });
    expectEnvelope(tok, 413);
  });

  it("answers unknown ids, unknown routes and wrong methods with 4xx envelopes", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = { cookie: await sessionCookie(a.user.id) };
    expectEnvelope(await call(app.DELETE, { method: "DELETE", path: "/dashboard/applications/nope", headers: cookie, params: { applicationId: "nope" } }), 400);
    expectEnvelope(
      await call(app.DELETE, {
        method: "DELETE",
        path: "/dashboard/applications/x",
        headers: cookie,
        params: { applicationId: "0b9f5a52-1d7e-4f35-8c1a-1a2b3c4d5e6f" },
      }),
      404,
    );
    expectEnvelope(await call(catchAll.GET as RouteHandler, { path: "/no/such/thing" }), 404);
    expectEnvelope(await call(balance.POST, { method: "POST", path: "/accounts/me/balance" }), 405);
    expectEnvelope(await call(token.GET, { path: "/oauth/token" }), 405);
  });

  it("never answers 500 to a barrage of hostile query strings and headers", async () => {
    const a = await makeAccount(db.ctx());
    const t = await a.token();
    const queries = ["page=-1", "size=0", "size=99999999999999999999", "page=1e309", "from=%ZZ", "to=2026-13-45T99:99", "mcc=%00", "currency=€€€", `mnc=${"9".repeat(5000)}`];
    for (const handler of [transactions.GET, prices.GET]) {
      for (const q of queries) {
        const r = await call(handler, { path: `/x?${q}`, headers: bearer(t) });
        if (r.status !== 200) expectEnvelope(r);
      }
    }
    for (const auth of ["Bearer", `Bearer ${"a".repeat(10_000)}`, "Basic Og==", "Negotiate xyz"]) {
      const r = await call(balance.GET, { path: "/accounts/me/balance", headers: { authorization: auth } });
      expectEnvelope(r, 401);
    }
    const cookieJunk = await call(apps.GET, { path: "/dashboard/applications", headers: { cookie: "next-auth.session-token=%E0%A4%A; other=1" } });
    expectEnvelope(cookieJunk, 401);
  });
});
