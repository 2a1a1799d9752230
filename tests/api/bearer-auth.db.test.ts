// Bearer authentication and account isolation on the API: 401 for a missing, unknown, expired
// or revoked token, 403 for a missing scope, and never another account's data.
import { describe, expect, it } from "vitest";
import { GET as balance } from "../../app/api/accounts/me/balance/route.ts";
import { GET as transactions } from "../../app/api/accounts/me/transactions/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { digest } from "../../lib/core/secrets/hashing.ts";
import { revokeApplication } from "../../lib/core/applications/revoke-application.ts";

const db = useTestDatabase();

function expectUnauthorized(r: { status: number; headers: Headers; body: any }) {
  expect(r.status).toBe(401);
  expect(r.headers.get("www-authenticate")).toMatch(/^Bearer/);
  expect(r.body.code).toBe("401000000");
  expect(typeof r.body.developerMessage).toBe("string");
}

describe("bearer authentication", () => {
  it("answers 401 with WWW-Authenticate: Bearer without a token or with an unknown one", async () => {
    expectUnauthorized(await call(balance, { path: "/accounts/me/balance" }));
    expectUnauthorized(await call(balance, { path: "/accounts/me/balance", headers: bearer("made-up-token") }));
    expectUnauthorized(await call(balance, { path: "/accounts/me/balance", headers: { authorization: "Basic abc" } }));
  });

  it("accepts the scheme in any letter case", async () => {
    const a = await makeAccount(db.ctx());
    const t = await a.token();
    const r = await call(balance, { path: "/accounts/me/balance", headers: { authorization: `bEaReR ${t}` } });
    expect(r.status).toBe(200);
  });

  it("answers 401 once the token has expired", async () => {
    const a = await makeAccount(db.ctx());
    const t = await a.token();
    expect((await call(balance, { path: "/accounts/me/balance", headers: bearer(t) })).status).toBe(200);
    await db.ctx().db.accessToken.update({ where: { tokenHash: digest(t) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectUnauthorized(await call(balance, { path: "/accounts/me/balance", headers: bearer(t) }));
  });

  it("answers 401 for tokens of a revoked application", async () => {
    const a = await makeAccount(db.ctx());
    const t = await a.token();
    await revokeApplication(db.ctx(), { accountId: a.account.id, applicationId: a.application.id });
    expectUnauthorized(await call(balance, { path: "/accounts/me/balance", headers: bearer(t) }));
  });

  it("answers 403 403000000 when the token lacks the endpoint's scope", async () => {
    const a = await makeAccount(db.ctx());
    const smsOnly = await a.token("sms");
    const r = await call(balance, { path: "/accounts/me/balance", headers: bearer(smsOnly) });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("403000000");
    expect(r.body.developerMessage).toContain("account");
  });
});

describe("account isolation", () => {
  it("shows each token its own account's balance and ledger only", async () => {
    const first = await makeAccount(db.ctx(), { balance: 10 });
    const second = await makeAccount(db.ctx(), { balance: 99 });
    const b1 = await call(balance, { path: "/accounts/me/balance", headers: bearer(await first.token()) });
    const b2 = await call(balance, { path: "/accounts/me/balance", headers: bearer(await second.token()) });
    expect(b1.body.balance).toBe(10);
    expect(b2.body.balance).toBe(99);
    const t2 = await call(transactions, { path: "/accounts/me/transactions", headers: bearer(await second.token()) });
    expect(t2.body.totalElements).toBe(1);
    expect(t2.body.content[0].amount).toBe(99);
  });
});
