// GET /api/accounts/me/balance, /accounts/me/transactions and /system/prices.
import { describe, expect, it } from "vitest";
import { GET as balance } from "../../app/api/accounts/me/balance/route.ts";
import { GET as transactions } from "../../app/api/accounts/me/transactions/route.ts";
import { GET as prices } from "../../app/api/system/prices/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { topUpAccount } from "../../lib/core/accounts/top-up-account.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { toMicros } from "../../lib/money.ts";

const db = useTestDatabase();

describe("GET /api/accounts/me/balance", () => {
  it("answers the balance and the currency with its sign", async () => {
    const a = await makeAccount(db.ctx(), { balance: 12.5, currency: "GBP" });
    const r = await call(balance, { path: "/accounts/me/balance", headers: bearer(await a.token()) });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ balance: 12.5, currency: { code: "GBP", name: "British Pound", sign: "£" } });
  });
});

describe("GET /api/accounts/me/transactions", () => {
  it("pages top-ups newest first with balances before and after", async () => {
    const a = await makeAccount(db.ctx(), { balance: 1 });
    for (const amount of ["2", "3.25", "4"]) await topUpAccount(db.ctx(), { accountId: a.account.id, amountMicros: toMicros(amount), source: "Bank" });
    const t = await a.token("account");
    const r = await call(transactions, { path: "/accounts/me/transactions?page=0&size=2", headers: bearer(t) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalElements: 4, totalPages: 2, size: 2, number: 0, first: true, last: false, numberOfElements: 2 });
    const [newest, next] = r.body.content;
    expect(newest).toMatchObject({ transactionType: "TopUp", amount: 4, balanceBefore: 6.25, balanceAfter: 10.25, status: "Completed", source: "Bank" });
    expect(newest.actions[0]).toMatchObject({ type: "Credit", amount: 4, status: "Completed" });
    expect(next.amount).toBe(3.25);
    const last = await call(transactions, { path: "/accounts/me/transactions?page=1&size=2", headers: bearer(t) });
    expect(last.body).toMatchObject({ last: true, first: false, numberOfElements: 2 });
  });

  it("filters by from/to, also written as the C# client does (quoted, no zone)", async () => {
    const a = await makeAccount(db.ctx(), { balance: 1 });
    const t = await a.token();
    const future = encodeURIComponent('"2999-01-01T00:00:00"');
    const none = await call(transactions, { path: `/accounts/me/transactions?from=${future}`, headers: bearer(t) });
    expect(none.status).toBe(200);
    expect(none.body.totalElements).toBe(0);
    const all = await call(transactions, { path: "/accounts/me/transactions?from=2015-11-11T15:00Z", headers: bearer(t) });
    expect(all.body.totalElements).toBe(1);
  });

  it("falls back to default paging for empty or non-numeric values and refuses absurd sizes", async () => {
    const a = await makeAccount(db.ctx());
    const t = await a.token();
    const loose = await call(transactions, { path: "/accounts/me/transactions?page=&size=abc", headers: bearer(t) });
    expect(loose.status).toBe(200);
    expect(loose.body).toMatchObject({ number: 0, size: 20 });
    const absurd = await call(transactions, { path: "/accounts/me/transactions?size=1000000", headers: bearer(t) });
    expect(absurd.status).toBe(400);
    expect(absurd.body.code).toBe("400000000");
    expect(absurd.body.properties.size).toMatch(/at most 2000/);
    const badDate = await call(transactions, { path: "/accounts/me/transactions?from=yesterday", headers: bearer(t) });
    expect(badDate.status).toBe(400);
    expect(badDate.body.property).toBe("from");
  });
});

describe("GET /api/system/prices", () => {
  it("lists prices per country and network in the account's currency, filtered by mcc", async () => {
    await seedPrices(db.ctx());
    const a = await makeAccount(db.ctx(), { currency: "EUR" });
    const t = await a.token();
    const r = await call(prices, { path: "/system/prices?mcc=202", headers: bearer(t) });
    expect(r.status).toBe(200);
    expect(r.body.currency.code).toBe("EUR");
    expect(r.body.sms).toHaveLength(1);
    expect(r.body.sms[0]).toMatchObject({ mcc: "202", iso: "GR", country: "Greece" });
    expect(r.body.sms[0].networks.find((n: any) => n.mnc === "01")).toMatchObject({ network: "Cosmote", price: 0.0365 });
    expect(r.body).toHaveProperty("twoStep.SmsVerification");
    const usd = await call(prices, { path: "/system/prices?mcc=202&mnc=01&currency=usd", headers: bearer(t) });
    expect(usd.body.currency.code).toBe("USD");
    expect(usd.body.sms[0].networks).toHaveLength(1);
    expect(usd.body.sms[0].networks[0].price).toBeCloseTo(0.0365 * 1.08, 5);
    const bad = await call(prices, { path: "/system/prices?mcc=2", headers: bearer(t) });
    expect(bad.status).toBe(400);
    expect(bad.body.property).toBe("mcc");
  });
});
