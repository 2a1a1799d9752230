// The /numbers endpoints: the catalogue search, renting (one account per number, activation and
// first month charged), callbacks, listing, cancelling, and the monthly renewal.
import { describe, expect, it } from "vitest";
import { GET as available } from "../../app/api/numbers/available/route.ts";
import { POST as search } from "../../app/api/numbers/available/search/route.ts";
import { GET as listMine, POST as rent } from "../../app/api/numbers/my/route.ts";
import { DELETE as cancel, GET as getMine, PUT as update } from "../../app/api/numbers/my/[msisdn]/route.ts";
import { POST as createPool } from "../../app/api/pools/my/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { renewNumbers } from "../../lib/core/numbers/renew-numbers.ts";

const db = useTestDatabase();

async function account(balance = 100, opts: Parameters<typeof makeAccount>[1] = {}) {
  const a = await makeAccount(db.ctx(), { balance, ...opts });
  return { ...a, auth: bearer(await a.token()) };
}
type Auth = Record<string, string>;
const availableIn = (auth: Auth, query: string) => call(available, { path: `/numbers/available?${query}`, headers: auth });
const searchFor = (auth: Auth, body: unknown, query = "") => call(search, { method: "POST", path: `/numbers/available/search${query}`, headers: auth, body });
const rentIt = (auth: Auth, body: unknown) => call(rent, { method: "POST", path: "/numbers/my", headers: auth, body });
const one = (handler: typeof getMine, auth: Auth, msisdn: string, body?: unknown, method = "GET") => call(handler, { method, path: `/numbers/my/${msisdn}`, headers: auth, params: { msisdn }, body });
const balanceOf = async (id: string) => (await db.ctx().db.account.findUniqueOrThrow({ where: { id } })).balanceMicros;

/** The first free number of a country (and filters), from the API. */
async function freeNumber(auth: Auth, query = "country=GR&service=sms") {
  const r = await availableIn(auth, query);
  expect(r.status).toBe(200);
  return r.body.content[0] as { msisdn: string; monthlyCosts: { price: number }; activationCosts: { price: number } };
}

describe("GET /api/numbers/available", () => {
  it("pages a country's numbers with services, costs and charge interval", async () => {
    const a = await account();
    const r = await availableIn(a.auth, "country=GR&service=Sms&size=5");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ number: 0, size: 5, first: true, numberOfElements: 5 });
    expect(r.body.totalElements).toBeGreaterThan(5);
    expect(r.body.content[0]).toMatchObject({
      country: "GR",
      services: expect.arrayContaining(["Sms"]),
      monthlyCosts: { price: expect.any(Number), currency: "EUR" },
      activationCosts: { price: expect.any(Number), currency: "EUR" },
      inboundCosts: expect.arrayContaining([expect.objectContaining({ service: "Sms", currency: "EUR" })]),
      chargeInterval: 60,
      tollFree: false,
    });
    expect(r.body.content.map((n: any) => n.msisdn)).toEqual([...r.body.content.map((n: any) => n.msisdn)].sort());
  });

  it("covers a dozen countries, virtual and toll-free", async () => {
    const { rows } = await db.ctx().sql.query<{ country: string; toll: boolean }>(`SELECT DISTINCT country, toll_free AS toll FROM available_numbers`);
    expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThanOrEqual(12);
    expect(rows.filter((r) => r.toll).length).toBeGreaterThanOrEqual(3);
  });

  it("requires country, and takes areaCode and type only for the US and Canada", async () => {
    const a = await account();
    const none = await availableIn(a.auth, "service=sms");
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: "400000000", property: "country" });
    expect((await availableIn(a.auth, "country=GR&areaCode=212")).status).toBe(400);
    const ny = await availableIn(a.auth, "country=US&areaCode=212");
    expect(ny.body.content.length).toBeGreaterThan(0);
    expect(ny.body.content.every((n: any) => n.msisdn.startsWith("+1212") && n.areaCode === "212")).toBe(true);
    const sms = await availableIn(a.auth, "country=GR&service=sms&size=100");
    expect(sms.body.content.every((n: any) => n.services.includes("Sms"))).toBe(true);
    const voice = await availableIn(a.auth, "country=GR&service=voice&size=100");
    expect(voice.body.totalElements).toBeGreaterThan(sms.body.totalElements);
    expect(voice.body.content.some((n: any) => !n.services.includes("Sms"))).toBe(true);
    expect((await availableIn(a.auth, "country=GR&service=fax")).status).toBe(400);
  });

  it("shows costs in the account's currency", async () => {
    const usd = await account(100, { currency: "USD" });
    const n = await freeNumber(usd.auth, "country=US");
    expect(n.monthlyCosts).toMatchObject({ currency: "USD" });
  });

  it("refuses absurd page sizes and tokens without the virtual_number scope", async () => {
    const a = await account();
    expect((await availableIn(a.auth, "country=GR&size=100000")).status).toBe(400);
    const smsOnly = await makeAccount(db.ctx(), { scopes: ["sms"] });
    const r = await availableIn(bearer(await smsOnly.token()), "country=GR");
    expect(r.status).toBe(403);
  });
});

describe("POST /api/numbers/available/search", () => {
  it("filters with operators; type TOLL_FREE in the US", async () => {
    const a = await account();
    const toll = await searchFor(a.auth, [
      { fieldName: "country", searchTerm: "US" },
      { fieldName: "type", searchTerm: "TOLL_FREE" },
    ]);
    expect(toll.status).toBe(200);
    expect(toll.body.content.length).toBeGreaterThan(0);
    expect(toll.body.content.every((n: any) => n.tollFree && n.type === "TOLL_FREE")).toBe(true);
    const ends = await searchFor(a.auth, [
      { fieldName: "country", searchTerm: "GR" },
      { fieldName: "msisdn", searchTerm: "0007", searchOperator: "ends_with" },
    ]);
    expect(ends.body.content.map((n: any) => n.msisdn)).toEqual(["+306900000007"]);
    const starts = await searchFor(
      a.auth,
      {
        filters: [
          { fieldName: "country", searchTerm: "US" },
          { fieldName: "msisdn", searchTerm: "1415", searchOperator: "starts_with" },
        ],
      },
      "?size=3&sort=msisdn,desc",
    );
    expect(starts.body.content).toHaveLength(3);
    expect(starts.body.content[0].msisdn).toBe("+14155550012");
  });

  it("needs a country filter, and type only in the US and Canada", async () => {
    const a = await account();
    expect((await searchFor(a.auth, [{ fieldName: "msisdn", searchTerm: "30", searchOperator: "contains" }])).body).toMatchObject({ code: "400000000", property: "country" });
    expect(
      (
        await searchFor(a.auth, [
          { fieldName: "country", searchTerm: "GR" },
          { fieldName: "type", searchTerm: "VLN" },
        ])
      ).status,
    ).toBe(400);
    expect((await searchFor(a.auth, [{ fieldName: "colour", searchTerm: "red" }])).status).toBe(400);
    expect((await searchFor(a.auth, "not an array")).status).toBe(400);
  });
});

describe("renting: POST, GET, PUT, DELETE /api/numbers/my", () => {
  it("rents a number: activation and first month charged, next renewal a month on, gone from the catalogue", async () => {
    const a = await account(100);
    const n = await freeNumber(a.auth);
    const r = await rentIt(a.auth, { msisdn: n.msisdn, inboundSmsCallbackUrl: "https://example.com/in" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ msisdn: n.msisdn, country: "GR", inboundSmsCallbackUrl: "https://example.com/in", monthlyCosts: n.monthlyCosts, activationCosts: n.activationCosts });
    expect(r.body.trackingId).toMatch(/^[0-9a-f-]{36}$/);
    const renewal = new Date(r.body.nextRenewal).getTime() - Date.now();
    expect(renewal).toBeGreaterThan(27 * 86400_000);
    expect(renewal).toBeLessThan(32 * 86400_000);
    const total = BigInt(Math.round((n.monthlyCosts.price + n.activationCosts.price) * 1e6));
    expect(await balanceOf(a.account.id)).toBe(100_000_000n - total);
    const ledger = await db.ctx().db.ledgerEntry.findMany({ where: { accountId: a.account.id, kind: "Charge" }, orderBy: { createdAt: "asc" } });
    expect(ledger.map((l) => l.description)).toEqual([`Activation of number ${n.msisdn}`, `Monthly rent of number ${n.msisdn} (first month)`]);
    const again = await availableIn(a.auth, `country=GR&size=500`);
    expect(again.body.content.map((x: any) => x.msisdn)).not.toContain(n.msisdn);
  });

  it("refuses a number another account holds, one already yours, and one not in the catalogue", async () => {
    const a = await account();
    const b = await account();
    const n = await freeNumber(a.auth);
    expect((await rentIt(a.auth, { msisdn: n.msisdn })).status).toBe(200);
    const before = await balanceOf(b.account.id);
    const taken = await rentIt(b.auth, { msisdn: n.msisdn });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "409010002", property: "msisdn" });
    expect(await balanceOf(b.account.id)).toBe(before);
    expect((await rentIt(a.auth, { msisdn: n.msisdn })).body.code).toBe("409010003");
    expect((await rentIt(a.auth, { msisdn: "+306999999999" })).body).toMatchObject({ code: "404010001" });
    expect((await rentIt(a.auth, { msisdn: "call me" })).body.code).toBe("400000000");
    expect((await rentIt(a.auth, {})).status).toBe(400);
  });

  it("refuses renting without the balance for activation and the first month, charging nothing", async () => {
    const a = await account(1);
    const n = await freeNumber(a.auth);
    const r = await rentIt(a.auth, { msisdn: n.msisdn });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("400001009");
    expect(await balanceOf(a.account.id)).toBe(1_000_000n);
    expect(await db.ctx().db.rentedNumber.count({ where: { msisdn: n.msisdn } })).toBe(0);
  });

  it("refuses a callback URL that is not http(s)", async () => {
    const a = await account();
    const n = await freeNumber(a.auth);
    const r = await rentIt(a.auth, { msisdn: n.msisdn, inboundSmsCallbackUrl: "ftp://example.com/x" });
    expect(r.body).toMatchObject({ code: "400005002", property: "inboundSmsCallbackUrl" });
  });

  it("updates callbacks (only those given), lists with costs as arrays, reads one", async () => {
    const a = await account();
    const n = await freeNumber(a.auth);
    await rentIt(a.auth, { msisdn: n.msisdn, inboundSmsCallbackUrl: "https://example.com/in" });
    const digits = n.msisdn.slice(1);
    const u = await one(update, a.auth, digits, { voiceInboundStrategy: { dialplanUrl: "https://example.com/plan" } }, "PUT");
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ inboundSmsCallbackUrl: "https://example.com/in", voiceInboundStrategy: { dialplanUrl: "https://example.com/plan" }, monthlyCosts: [n.monthlyCosts] });
    const cleared = await one(update, a.auth, digits, { inboundSmsCallbackUrl: "" }, "PUT");
    expect(cleared.body.inboundSmsCallbackUrl).toBe("");
    const list = await call(listMine, { path: "/numbers/my", headers: a.auth });
    expect(list.body).toMatchObject({ totalElements: 1, content: [{ msisdn: n.msisdn, activationCosts: [n.activationCosts] }] });
    expect((await one(getMine, a.auth, digits)).body.msisdn).toBe(n.msisdn);
    const other = await account();
    expect((await one(update, other.auth, digits, { inboundSmsCallbackUrl: "https://x.example" }, "PUT")).body.code).toBe("404010004");
    expect((await one(getMine, other.auth, digits)).status).toBe(404);
  });

  it("cancels a number, which becomes available again; refuses one that is in a pool", async () => {
    const a = await account();
    const [n1, n2] = (await availableIn(a.auth, "country=GR&service=sms&size=2")).body.content;
    await rentIt(a.auth, { msisdn: n1.msisdn });
    await rentIt(a.auth, { msisdn: n2.msisdn });
    const pool = await call(createPool, { method: "POST", path: "/pools/my", headers: a.auth, body: { poolName: "Support", smsSettings: {}, numbers: [n2.msisdn] } });
    expect(pool.status).toBe(200);
    const inPool = await one(cancel, a.auth, n2.msisdn.slice(1), undefined, "DELETE");
    expect(inPool.status).toBe(409);
    expect(inPool.body).toMatchObject({ code: "409010005" });
    expect(inPool.body.developerMessage).toContain("Support");
    expect(await db.ctx().db.rentedNumber.count({ where: { msisdn: n2.msisdn } })).toBe(1);
    const balance = await balanceOf(a.account.id);
    const ok = await one(cancel, a.auth, n1.msisdn.slice(1), undefined, "DELETE");
    expect(ok.status).toBe(200);
    expect(ok.text).toBe("");
    expect(await balanceOf(a.account.id)).toBe(balance);
    expect((await one(getMine, a.auth, n1.msisdn.slice(1))).status).toBe(404);
    expect((await availableIn(a.auth, "country=GR&size=500")).body.content.map((x: any) => x.msisdn)).toContain(n1.msisdn);
    expect((await one(cancel, a.auth, n1.msisdn.slice(1), undefined, "DELETE")).body.code).toBe("404010004");
    const events = await db.ctx().db.numberEvent.findMany({ where: { accountId: a.account.id, msisdn: n1.msisdn }, orderBy: { at: "asc" } });
    expect(events.map((e) => e.kind)).toEqual(["Rented", "Cancelled"]);
  });
});

describe("monthly renewal", () => {
  it("charges the month and moves the renewal on; releases a number the balance cannot pay, out of its pool", async () => {
    const rich = await account(100);
    const poor = await account(100);
    const [n1, n2] = (await availableIn(rich.auth, "country=DE&size=2")).body.content;
    const r1 = await rentIt(rich.auth, { msisdn: n1.msisdn });
    const r2 = await rentIt(poor.auth, { msisdn: n2.msisdn });
    await call(createPool, { method: "POST", path: "/pools/my", headers: poor.auth, body: { poolName: "P", smsSettings: {}, numbers: [n2.msisdn] } });
    // The poor account spends down to less than a month's rent.
    await db.ctx().db.account.update({ where: { id: poor.account.id }, data: { balanceMicros: 1_000_000n } });
    const richBefore = await balanceOf(rich.account.id);
    const later = { ...db.ctx(), now: () => new Date(new Date(r1.body.nextRenewal).getTime() + 60_000) };
    const outcomes = await renewNumbers(later);
    expect(
      outcomes
        .filter((o) => o.msisdn === n1.msisdn || o.msisdn === n2.msisdn)
        .map((o) => [o.msisdn, o.outcome])
        .sort(),
    ).toEqual(
      [
        [n1.msisdn, "Renewed"],
        [n2.msisdn, "Released"],
      ].sort(),
    );

    expect(await balanceOf(rich.account.id)).toBe(richBefore - BigInt(Math.round(n1.monthlyCosts.price * 1e6)));
    const renewed = await db.ctx().db.rentedNumber.findUniqueOrThrow({ where: { msisdn: n1.msisdn } });
    expect(renewed.nextRenewal.getTime()).toBeGreaterThan(new Date(r1.body.nextRenewal).getTime() + 27 * 86400_000);

    expect(await balanceOf(poor.account.id)).toBe(1_000_000n);
    expect(await db.ctx().db.rentedNumber.count({ where: { msisdn: n2.msisdn } })).toBe(0);
    expect(await db.ctx().db.poolNumber.count({ where: { msisdn: n2.msisdn } })).toBe(0);
    const released = await db.ctx().db.numberEvent.findFirstOrThrow({ where: { accountId: poor.account.id, kind: "Released" } });
    expect(released.description).toMatch(/did not cover the monthly rent/);
    expect(r2.status).toBe(200);
    // Nothing is due again until next month.
    expect((await renewNumbers(later)).filter((o) => o.msisdn === n1.msisdn)).toEqual([]);
  });
});
