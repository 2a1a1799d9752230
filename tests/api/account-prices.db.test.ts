// An account's own prices, set by the platform operator, are what it is charged and quoted
// wherever a part is priced: single SMS, campaigns, their analyses, the dashboard's estimate, the
// price list it reads; other accounts keep the system prices. The list is kept by the operator
// one price at a time or as a CSV file (import replaces it; a bad line imports nothing).
import { beforeAll, describe, expect, it } from "vitest";
import { POST as smsRoute } from "../../app/api/sms/route.ts";
import { POST as analyzeRoute } from "../../app/api/sms/analyze/route.ts";
import { POST as campaignRoute } from "../../app/api/sms/campaign/route.ts";
import { POST as analyzeCampaignRoute } from "../../app/api/sms/analyze/campaign/route.ts";
import { POST as quoteRoute } from "../../app/api/dashboard/sms/quote/route.ts";
import { GET as systemPricesRoute } from "../../app/api/system/prices/route.ts";
import * as pricesRoute from "../../app/api/operator/accounts/[id]/prices/route.ts";
import { POST as importRoute } from "../../app/api/operator/accounts/[id]/prices/import/route.ts";
import { GET as exportRoute } from "../../app/api/operator/accounts/[id]/prices/export/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { priceFor } from "../../lib/core/prices/price-for.ts";
import { setAccountPrice } from "../../lib/core/prices/account-prices.ts";
import { createUser } from "../../lib/core/users/create-user.ts";
import { toMicros } from "../../lib/money.ts";

const db = useTestDatabase();
let admin: Record<string, string>;

beforeAll(async () => {
  await seedPrices(db.ctx());
  const platform = await makeAccount(db.ctx());
  const u = await createUser(db.ctx(), { accountId: platform.account.id, email: "prices-admin@example.com", password: "long enough pw", platformAdmin: true });
  admin = { cookie: await sessionCookie(u.id) };
});

const balance = async (id: string) => (await db.ctx().db.account.findUniqueOrThrow({ where: { id } })).balanceMicros;
const systemGr = async () => (await priceFor(db.ctx().db, { iso: "GR", currency: "EUR" })).priceMicros;

describe("an account's own prices", () => {
  it("are charged and quoted for single SMS, campaigns and their estimates; others pay the system price", async () => {
    const a = await makeAccount(db.ctx(), { balance: 10 });
    const other = await makeAccount(db.ctx(), { balance: 10 });
    await setAccountPrice(db.ctx(), { accountId: a.account.id, country: "gr", priceMicros: toMicros("0.01") });
    const auth = bearer(await a.token());

    const sent = await call(smsRoute, { method: "POST", path: "/sms", headers: auth, body: { from: "Shop", to: "+306912345678", body: "x".repeat(200) } });
    expect(sent.status).toBe(200);
    const message = await db.ctx().db.message.findUniqueOrThrow({ where: { id: sent.body.trackingId } });
    expect(message.priceMicros).toBe(20_000n); // two parts
    expect(await balance(a.account.id)).toBe(10_000_000n - 20_000n);
    const charge = await db.ctx().db.ledgerEntry.findFirstOrThrow({ where: { accountId: a.account.id, kind: "Charge" } });
    expect(charge.amountMicros).toBe(-20_000n);

    const analyzed = await call(analyzeRoute, { method: "POST", path: "/sms/analyze", headers: auth, body: { from: "Shop", to: "+306912345678", body: "Hi" } });
    expect(analyzed.body.cost).toBe(0.01);
    const quote = await call(quoteRoute, {
      method: "POST",
      path: "/dashboard/sms/quote",
      headers: { cookie: await sessionCookie(a.user.id) },
      body: { from: "Shop", to: "+306912345678", body: "Hi" },
    });
    expect(quote.body).toMatchObject({ costPerPart: 0.01, total: 0.01 });

    const to = ["+306912341101", "+306912341102", "+306912341103"];
    const estimate = await call(analyzeCampaignRoute, { method: "POST", path: "/sms/analyze/campaign", headers: auth, body: { from: "Shop", body: "Hi", to } });
    expect(estimate.body.cost).toBe(0.03);
    const before = await balance(a.account.id);
    const campaign = await call(campaignRoute, { method: "POST", path: "/sms/campaign", headers: auth, body: { from: "Shop", body: "Hi", to } });
    expect(campaign.status).toBe(200);
    expect(campaign.body.cost).toBe(0.03);
    expect(await balance(a.account.id)).toBe(before - 30_000n);

    const theirs = await call(smsRoute, { method: "POST", path: "/sms", headers: bearer(await other.token()), body: { from: "Shop", to: "+306912345678", body: "Hi" } });
    expect((await db.ctx().db.message.findUniqueOrThrow({ where: { id: theirs.body.trackingId } })).priceMicros).toBe(await systemGr());
  });

  it("take a network's price before the country's, and show in the account's price list", async () => {
    const a = await makeAccount(db.ctx());
    await setAccountPrice(db.ctx(), { accountId: a.account.id, country: "GR", priceMicros: toMicros("0.02") });
    await setAccountPrice(db.ctx(), { accountId: a.account.id, country: "GR", network: "20201", priceMicros: toMicros("0.005") });
    expect((await priceFor(db.ctx().db, { iso: "GR", currency: "EUR", mnc: "01", accountId: a.account.id })).priceMicros).toBe(5_000n);
    expect((await priceFor(db.ctx().db, { iso: "GR", currency: "EUR", mnc: "05", accountId: a.account.id })).priceMicros).toBe(20_000n);
    expect((await priceFor(db.ctx().db, { iso: "GR", currency: "EUR", accountId: a.account.id })).priceMicros).toBe(20_000n);
    const list = await call(systemPricesRoute, { path: "/system/prices?mcc=202", headers: bearer(await a.token()) });
    const networks = Object.fromEntries(list.body.sms[0].networks.map((n: { mnc: string; price: number }) => [n.mnc, n.price]));
    expect(networks).toMatchObject({ "": 0.02, "01": 0.005, "05": 0.02 });
    // Asked in another currency, the list is the system's.
    const usd = await call(systemPricesRoute, { path: "/system/prices?mcc=202&currency=USD", headers: bearer(await a.token()) });
    expect(usd.body.sms[0].networks.find((n: { mnc: string }) => n.mnc === "01").price).not.toBe(0.005);
  });

  it("refuse an unknown country, a network of another country and a negative price, naming the field", async () => {
    const a = await makeAccount(db.ctx());
    const put = (body: object) => call(pricesRoute.PUT, { method: "PUT", path: "/p", headers: admin, params: { id: a.account.id }, body });
    expect((await put({ country: "XX", price: "0.01" })).body).toMatchObject({ code: "400000000", property: "country" });
    expect((await put({ country: "GR", network: "26201", price: "0.01" })).body).toMatchObject({ code: "400000000", property: "network" });
    expect((await put({ country: "GR", price: "-1" })).status).toBe(400);
    const ok = await put({ country: "GR", network: "20205", price: "0.03" });
    expect(ok.body).toEqual({ accountId: a.account.id, country: "GR", network: "20205", price: 0.03, currency: "EUR" });
    const listed = await call(pricesRoute.GET, { path: "/p", headers: admin, params: { id: a.account.id } });
    expect(listed.body.content).toEqual([expect.objectContaining({ country: "GR", countryName: "Greece", network: "20205", networkName: "Vodafone", price: 0.03, systemPrice: 0.0365 })]);
    const removed = await call(pricesRoute.DELETE, { method: "DELETE", path: "/p?country=GR&network=20205", headers: admin, params: { id: a.account.id } });
    expect(removed.body).toEqual({ removed: true });
    const again = await call(pricesRoute.DELETE, { method: "DELETE", path: "/p?country=GR&network=20205", headers: admin, params: { id: a.account.id } });
    expect(again.status).toBe(404);
  });

  it("import from CSV replacing the list, export the same file, and a bad line imports nothing", async () => {
    const a = await makeAccount(db.ctx());
    await setAccountPrice(db.ctx(), { accountId: a.account.id, country: "FR", priceMicros: toMicros("0.04") });
    const upload = (csv: string) => call(importRoute, { method: "POST", path: "/i", headers: admin, params: { id: a.account.id }, body: { csv } });
    const good = await upload("country,network,price\nGR,,0.011\nGR,20201,0.009\nDE,,0.05\n");
    expect(good.body).toEqual({ imported: 3 });
    const exported = await call(exportRoute, { path: "/e", headers: admin, params: { id: a.account.id } });
    expect(exported.headers.get("content-type")).toMatch(/text\/csv/);
    expect(exported.text).toBe("country,network,price\nDE,,0.05\nGR,,0.011\nGR,20201,0.009\n");

    const bad = await upload("country,network,price\nGR,,0.02\nZZ,,0.01\nGR,,0.03\n");
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { property: string }) => e.property)).toEqual(["line 3", "line 4"]);
    expect(bad.body.developerMessage).toMatch(/2 bad lines; nothing was imported/);
    const after = await call(exportRoute, { path: "/e", headers: admin, params: { id: a.account.id } });
    expect(after.text).toBe(exported.text);
  });
});
