// The dashboard's JSON for Numbers and Pools: search with costs, rent, callbacks, cancel, the
// conversation view (simulated inbound, reply), pools — and who may do what: owners and
// marketers change things, support staff read.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as listNumbers, POST as rentNumber } from "../../app/api/dashboard/numbers/route.ts";
import { GET as searchAvailable } from "../../app/api/dashboard/numbers/available/route.ts";
import { DELETE as cancelNumber, GET as numberPage, PUT as updateNumber } from "../../app/api/dashboard/numbers/[msisdn]/route.ts";
import { GET as conversations } from "../../app/api/dashboard/numbers/[msisdn]/conversations/route.ts";
import { GET as conversation, POST as reply } from "../../app/api/dashboard/numbers/[msisdn]/conversations/[correspondent]/route.ts";
import { POST as simulate } from "../../app/api/dashboard/numbers/[msisdn]/inbound/route.ts";
import { GET as listPools, POST as createPool } from "../../app/api/dashboard/pools/route.ts";
import { DELETE as deletePool, GET as getPool, PUT as updatePool } from "../../app/api/dashboard/pools/[poolId]/route.ts";
import { POST as poolSms } from "../../app/api/dashboard/pools/[poolId]/sms/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { createUser } from "../../lib/core/users/create-user.ts";

const db = useTestDatabase();
type H = Record<string, string>;

async function owner(balance = 100) {
  await seedPrices(db.ctx());
  const a = await makeAccount(db.ctx(), { balance });
  return { ...a, session: { cookie: await sessionCookie(a.user.id) } as H };
}
async function userWithRole(accountId: string, role: "marketer" | "support"): Promise<H> {
  const u = await createUser(db.ctx(), { accountId, email: `${role}-${crypto.randomUUID()}@example.com`, password: "long enough pw", role });
  return { cookie: await sessionCookie(u.id) };
}
const rent = (h: H, msisdn: string, extra: object = {}) => call(rentNumber, { method: "POST", path: "/dashboard/numbers", headers: h, body: { msisdn, ...extra } });
const page = (handler: typeof numberPage, h: H, msisdn: string, method = "GET", body?: unknown) =>
  call(handler, { method, path: `/dashboard/numbers/${msisdn}`, headers: h, params: { msisdn }, body });

describe("dashboard numbers", () => {
  it("searches with costs, rents, sets callbacks, lists and cancels", async () => {
    const a = await owner();
    const found = await call(searchAvailable, { path: "/dashboard/numbers/available?country=US&type=TOLL_FREE&size=3", headers: a.session });
    expect(found.status).toBe(200);
    expect(found.body.content).toHaveLength(3);
    expect(found.body.content[0]).toMatchObject({ tollFree: true, monthlyCosts: { currency: "EUR" }, activationCosts: { currency: "EUR" } });
    const msisdn = found.body.content[0].msisdn as string;
    const r = await rent(a.session, msisdn);
    expect(r.status).toBe(200);
    const digits = msisdn.slice(1);
    const u = await page(updateNumber, a.session, digits, "PUT", { inboundSmsCallbackUrl: "https://example.com/hook" });
    expect(u.body.inboundSmsCallbackUrl).toBe("https://example.com/hook");
    const details = await page(numberPage, a.session, digits);
    expect(details.body).toMatchObject({ msisdn, pool: null, events: [{ kind: "Rented" }] });
    expect((await call(listNumbers, { path: "/dashboard/numbers", headers: a.session })).body.content.map((n: any) => n.msisdn)).toEqual([msisdn]);
    expect((await page(cancelNumber, a.session, digits, "DELETE")).status).toBe(200);
    expect((await call(listNumbers, { path: "/dashboard/numbers", headers: a.session })).body.totalElements).toBe(0);
    expect((await call(searchAvailable, { path: "/dashboard/numbers/available", headers: a.session })).status).toBe(400);
  });

  it("lets marketers rent and change; support staff only read", async () => {
    const a = await owner();
    const marketer = await userWithRole(a.account.id, "marketer");
    const support = await userWithRole(a.account.id, "support");
    expect((await rent(marketer, "+4915700000005")).status).toBe(200);
    const refused = await rent(support, "+4915700000006");
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("403000001");
    expect((await page(updateNumber, support, "4915700000005", "PUT", { inboundSmsCallbackUrl: "" })).status).toBe(403);
    expect((await page(cancelNumber, support, "4915700000005", "DELETE")).status).toBe(403);
    expect((await call(simulate, { method: "POST", path: "/x", headers: support, params: { msisdn: "4915700000005" }, body: { from: "+306912345678", body: "hi" } })).status).toBe(403);
    expect((await call(createPool, { method: "POST", path: "/dashboard/pools", headers: support, body: { poolName: "x", smsSettings: {} } })).status).toBe(403);
    expect((await page(numberPage, support, "4915700000005")).status).toBe(200);
    expect((await call(listPools, { path: "/dashboard/pools", headers: support })).status).toBe(200);
    expect((await call(listNumbers, { path: "/dashboard/numbers", headers: {} })).status).toBe(401);
  });

  it("shows conversations per correspondent: a simulated inbound message and the reply", async () => {
    const a = await owner();
    const msisdn = "+35799000003";
    await rent(a.session, msisdn);
    const digits = msisdn.slice(1);
    const inbound = await call(simulate, { method: "POST", path: "/x", headers: a.session, params: { msisdn: digits }, body: { from: "+306912345601", body: "Is the shop open?" } });
    expect(inbound.status).toBe(200);
    await call(simulate, { method: "POST", path: "/x", headers: a.session, params: { msisdn: digits }, body: { from: "+306912345602", body: "Another person" } });
    const answered = await call(reply, { method: "POST", path: "/x", headers: a.session, params: { msisdn: digits, correspondent: "306912345601" }, body: { body: "Yes, until 8" } });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ direction: "Outbound", from: digits, to: "+306912345601", status: "Queued" });
    const list = await call(conversations, { path: "/x", headers: a.session, params: { msisdn: digits } });
    expect(list.body.totalElements).toBe(2);
    expect(list.body.content[0]).toMatchObject({ correspondent: "+306912345601", lastBody: "Yes, until 8", lastDirection: "Outbound", messages: 2, inbound: 1 });
    const thread = await call(conversation, { path: "/x", headers: a.session, params: { msisdn: digits, correspondent: "+306912345601" } });
    expect(thread.body.messages.map((m: any) => [m.direction, m.body])).toEqual([
      ["Inbound", "Is the shop open?"],
      ["Outbound", "Yes, until 8"],
    ]);
    const other = await owner();
    expect((await call(conversation, { path: "/x", headers: other.session, params: { msisdn: digits, correspondent: "+306912345601" } })).status).toBe(404);
  });
});

describe("dashboard pools", () => {
  it("creates a pool with picked numbers, sends through it with a sticky sender, edits and deletes it", async () => {
    const a = await owner();
    await rent(a.session, "+4477009000011");
    await rent(a.session, "+4477009000012");
    const p = await call(createPool, {
      method: "POST",
      path: "/dashboard/pools",
      headers: a.session,
      body: { poolName: "UK", smsSettings: { geomatch: false }, numbers: ["+4477009000011", "+4477009000012"] },
    });
    expect(p.status).toBe(200);
    const poolId = p.body.poolId as string;
    const s1 = await call(poolSms, { method: "POST", path: "/x", headers: a.session, params: { poolId }, body: { to: "+306912345678", body: "One" } });
    const s2 = await call(poolSms, { method: "POST", path: "/x", headers: a.session, params: { poolId }, body: { to: "+306912345678", body: "Two" } });
    expect(s1.status).toBe(200);
    expect(s2.body.from).toBe(s1.body.from);
    expect(s2.body.senderReason).toBe("sticky");
    const u = await call(updatePool, { method: "PUT", path: "/x", headers: a.session, params: { poolId }, body: { numbers: ["+4477009000011"] } });
    expect(u.body.numbers).toEqual(["+4477009000011"]);
    expect((await call(getPool, { path: "/x", headers: a.session, params: { poolId } })).body.poolName).toBe("UK");
    expect((await call(deletePool, { method: "DELETE", path: "/x", headers: a.session, params: { poolId } })).status).toBe(200);
    expect((await call(getPool, { path: "/x", headers: a.session, params: { poolId } })).status).toBe(404);
  });
});
