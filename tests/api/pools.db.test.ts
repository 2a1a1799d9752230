// The /pools endpoints: create (defaults), read, list, update, delete, membership, and sending
// through a pool — sticky, geomatch, defaultCountry and alphanumeric sender choice.
import { describe, expect, it } from "vitest";
import { GET as list, POST as create } from "../../app/api/pools/my/route.ts";
import { DELETE as del, GET as get, PUT as put } from "../../app/api/pools/my/[poolId]/route.ts";
import { POST as addNumbers } from "../../app/api/pools/my/[poolId]/numbers/route.ts";
import { DELETE as removeNumber } from "../../app/api/pools/my/[poolId]/numbers/[msisdn]/route.ts";
import { POST as sendThrough } from "../../app/api/pools/my/[poolId]/sms/route.ts";
import { POST as rent } from "../../app/api/numbers/my/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { pickSender } from "../../lib/core/pools/choose-sender.ts";

const db = useTestDatabase();
type Auth = Record<string, string>;

/** An account renting the next free number of each given country. */
async function accountWith(countries: string[], balance = 200) {
  await seedPrices(db.ctx());
  const a = await makeAccount(db.ctx(), { balance });
  const auth = bearer(await a.token());
  const numbers: string[] = [];
  for (const c of countries) {
    const { rows } = await db.ctx().sql.query<{ msisdn: string }>(
      `SELECT msisdn FROM available_numbers n WHERE country = $1 AND 'Sms' = ANY(services) AND NOT toll_free
         AND NOT EXISTS (SELECT 1 FROM rented_numbers r WHERE r.msisdn = n.msisdn) ORDER BY msisdn LIMIT 1`,
      [c],
    );
    const r = await call(rent, { method: "POST", path: "/numbers/my", headers: auth, body: { msisdn: rows[0]!.msisdn } });
    expect(r.status).toBe(200);
    numbers.push(rows[0]!.msisdn);
  }
  return { ...a, auth, numbers };
}

const createPool = (auth: Auth, body: unknown) => call(create, { method: "POST", path: "/pools/my", headers: auth, body });
const at = (handler: typeof get, auth: Auth, poolId: string, method = "GET", body?: unknown) => call(handler, { method, path: `/pools/my/${poolId}`, headers: auth, params: { poolId }, body });
const send = (auth: Auth, poolId: string, body: unknown) => call(sendThrough, { method: "POST", path: `/pools/my/${poolId}/sms`, headers: auth, params: { poolId }, body });

describe("POST /api/pools/my", () => {
  it("creates a pool with the spec's defaults and its numbers", async () => {
    const a = await accountWith(["GR"]);
    const r = await createPool(a.auth, { poolName: "Greece", smsSettings: { defaultCountry: "gr" }, numbers: [a.numbers[0]!.slice(1)] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      poolName: "Greece",
      smsSettings: { sticky: true, geomatch: true, transcode: false, defaultCountry: "GR", alphanumericSenderId: "", callback: { url: "", strategy: "" }, inboundSMSCallbackUrl: "" },
      numbers: [a.numbers[0]],
    });
    expect(r.body.poolId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body.updatedAt).toBe(r.body.createdAt);
  });

  it("refuses a taken name, numbers not rented by the account, a number in another pool, and bad settings", async () => {
    const a = await accountWith(["GR", "DE"]);
    const other = await accountWith(["FR"]);
    expect((await createPool(a.auth, { poolName: "One", smsSettings: {}, numbers: [a.numbers[0]] })).status).toBe(200);
    expect((await createPool(a.auth, { poolName: "One", smsSettings: {} })).body.code).toBe("409012002");
    expect((await createPool(a.auth, { poolName: "Two", smsSettings: {}, numbers: [other.numbers[0]] })).body).toMatchObject({ code: "404010004" });
    expect((await createPool(a.auth, { poolName: "Two", smsSettings: {}, numbers: [a.numbers[0]] })).body.code).toBe("409012003");
    expect((await createPool(a.auth, { poolName: "Two", smsSettings: { defaultCountry: "XX" } })).body).toMatchObject({ code: "400000000", property: "smsSettings.defaultCountry" });
    expect((await createPool(a.auth, { poolName: "Two", smsSettings: { alphanumericSenderId: "12345" } })).body.code).toBe("400005000");
    expect((await createPool(a.auth, { poolName: "Two", smsSettings: { callback: { url: "gopher://x" } } })).body.code).toBe("400005002");
    expect((await createPool(a.auth, { poolName: "Two" })).status).toBe(400);
    expect((await createPool(a.auth, { smsSettings: {} })).status).toBe(400);
  });
});

describe("GET, PUT, DELETE /api/pools/my/{poolId} and membership", () => {
  it("reads, lists, updates settings and numbers, removes and deletes", async () => {
    const a = await accountWith(["GR", "DE", "IT"]);
    const [gr, de, it_] = a.numbers as [string, string, string];
    const p = (await createPool(a.auth, { poolName: "Main", smsSettings: { sticky: false }, numbers: [gr] })).body;
    expect((await at(get, a.auth, p.poolId)).body).toMatchObject({ poolName: "Main", smsSettings: { sticky: false, geomatch: true } });
    const listed = await call(list, { path: "/pools/my", headers: a.auth });
    expect(listed.body).toMatchObject({ totalElements: 1, content: [{ poolId: p.poolId, numbers: [gr] }] });

    const u = await at(put, a.auth, p.poolId, "PUT", { poolName: "Renamed", smsSettings: { geomatch: false, callback: { url: "https://example.com/status" } }, numbers: [de, it_] });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ poolName: "Renamed", smsSettings: { sticky: false, geomatch: false, callback: { url: "https://example.com/status", strategy: "OnCompletion" } } });
    expect([...u.body.numbers].sort()).toEqual([de, it_].sort());

    const added = await call(addNumbers, { method: "POST", path: `/pools/my/${p.poolId}/numbers`, headers: a.auth, params: { poolId: p.poolId }, body: { numbers: [gr] } });
    expect(added.body.numbers).toHaveLength(3);
    const removed = await call(removeNumber, { method: "DELETE", path: `/pools/my/${p.poolId}/numbers/${de.slice(1)}`, headers: a.auth, params: { poolId: p.poolId, msisdn: de.slice(1) } });
    expect(removed.status).toBe(200);
    expect(removed.body.numbers).not.toContain(de);
    const again = await call(removeNumber, { method: "DELETE", path: `/pools/my/${p.poolId}/numbers/${de.slice(1)}`, headers: a.auth, params: { poolId: p.poolId, msisdn: de.slice(1) } });
    expect(again.body.code).toBe("404010004");

    const other = await accountWith([]);
    expect((await at(get, other.auth, p.poolId)).body.code).toBe("404012001");
    expect((await at(get, a.auth, "not-a-uuid")).status).toBe(404);
    const gone = await at(del, a.auth, p.poolId, "DELETE");
    expect(gone.status).toBe(200);
    expect((await at(get, a.auth, p.poolId)).status).toBe(404);
    // Its numbers stay rented and free to join another pool.
    expect(await db.ctx().db.rentedNumber.count({ where: { msisdn: { in: [gr, it_] } } })).toBe(2);
    expect((await createPool(a.auth, { poolName: "Next", smsSettings: {}, numbers: [gr, it_] })).status).toBe(200);
  });
});

describe("POST /api/pools/my/{poolId}/sms", () => {
  it("keeps the same sender for a recipient (sticky) and answers like Routee", async () => {
    const a = await accountWith(["DE", "IT", "ES"]);
    const p = (await createPool(a.auth, { poolName: "Sticky", smsSettings: { geomatch: false }, numbers: a.numbers })).body;
    const first = await send(a.auth, p.poolId, { to: "+306912345678", body: "Hello", poolStrategy: "Numeric" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      poolId: p.poolId,
      poolName: "Sticky",
      poolStrategy: "Numeric",
      smsSettings: { sticky: true, geomatch: false },
      status: "Queued",
      to: "+306912345678",
      body: "Hello",
      bodyAnalysis: { parts: 1, unicode: false },
    });
    expect(first.body.trackingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.numbers.map((n) => n.slice(1))).toContain(first.body.from);
    const froms = new Set<string>();
    for (let i = 0; i < 4; i++) froms.add((await send(a.auth, p.poolId, { to: "306912345678", body: `Again ${i}` })).body.from);
    expect([...froms]).toEqual([first.body.from]);
    const m = await db.ctx().db.message.findUniqueOrThrow({ where: { id: first.body.trackingId } });
    expect(m.poolId).toBe(p.poolId);
  });

  it("geomatches the destination's country, else uses defaultCountry", async () => {
    const a = await accountWith(["GR", "US", "DE"]);
    const [gr, us, de] = a.numbers as [string, string, string];
    const p = (await createPool(a.auth, { poolName: "Geo", smsSettings: { sticky: false, defaultCountry: "DE" }, numbers: a.numbers })).body;
    expect((await send(a.auth, p.poolId, { to: "+306912345678", body: "x" })).body.from).toBe(gr.slice(1));
    expect((await send(a.auth, p.poolId, { to: "+14155552671", body: "x" })).body.from).toBe(us.slice(1));
    expect((await send(a.auth, p.poolId, { to: "+33612345678", body: "x" })).body.from).toBe(de.slice(1));
  });

  it("sends from the alphanumericSenderId with poolStrategy Alphanumeric", async () => {
    const a = await accountWith(["GR"]);
    const p = (await createPool(a.auth, { poolName: "Alpha", smsSettings: { alphanumericSenderId: "Acme" }, numbers: a.numbers })).body;
    const r = await send(a.auth, p.poolId, { to: "+306912345678", body: "x", poolStrategy: "Alphanumeric" });
    expect(r.body).toMatchObject({ from: "Acme", poolStrategy: "Alphanumeric" });
    const bare = (await createPool(a.auth, { poolName: "Bare", smsSettings: {} })).body;
    expect((await send(a.auth, bare.poolId, { to: "+306912345678", body: "x", poolStrategy: "Alphanumeric" })).body.code).toBe("400012005");
    expect((await send(a.auth, bare.poolId, { to: "+306912345678", body: "x" })).body.code).toBe("400012004");
    expect((await send(a.auth, p.poolId, { to: "not a number", body: "x" })).body).toMatchObject({ code: "400000000", property: "to" });
    expect((await send(a.auth, p.poolId, { to: "+306912345678", body: "x", poolStrategy: "Random" })).status).toBe(400);
  });

  it("charges like POST /sms and refuses without balance", async () => {
    const a = await accountWith(["GR"], 8);
    const p = (await createPool(a.auth, { poolName: "Poor", smsSettings: {}, numbers: a.numbers })).body;
    await db.ctx().db.account.update({ where: { id: a.account.id }, data: { balanceMicros: 0n } });
    expect((await send(a.auth, p.poolId, { to: "+306912345678", body: "x" })).body.code).toBe("400001009");
  });
});

describe("pickSender", () => {
  const members = [
    { msisdn: "+4915700000001", country: "DE" },
    { msisdn: "+306900000001", country: "GR" },
  ];
  it("prefers sticky, then geomatch, then defaultCountry, then any", () => {
    const pool = { sticky: true, geomatch: true, defaultCountry: "GR" };
    expect(pickSender(pool, members, "DE", "+306900000001")).toEqual({ msisdn: "+306900000001", reason: "sticky" });
    expect(pickSender(pool, members, "DE", "+10000000000")).toEqual({ msisdn: "+4915700000001", reason: "geomatch" });
    expect(pickSender(pool, members, "FR", null)).toEqual({ msisdn: "+306900000001", reason: "defaultCountry" });
    expect(pickSender({ ...pool, defaultCountry: "" }, members, "FR", null)).toEqual({ msisdn: "+4915700000001", reason: "any" });
    expect(pickSender({ ...pool, geomatch: false }, members, "DE", null)).toEqual({ msisdn: "+306900000001", reason: "defaultCountry" });
    expect(pickSender(pool, [], "DE", null)).toBeNull();
  });
});
