// The tracking endpoints: one message, a filtered time window, a campaign.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as send } from "../../app/api/sms/route.ts";
import { POST as search } from "../../app/api/sms/tracking/route.ts";
import { GET as single } from "../../app/api/sms/tracking/single/[trackingId]/route.ts";
import { GET as campaign } from "../../app/api/sms/tracking/campaign/[campaignTrackingId]/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";

const db = useTestDatabase();
let auth: Record<string, string>;
let other: Record<string, string>;
const ids: string[] = [];
const numbers = ["+306912345601", "+306912345602", "+4915123456789", "+306912345603"];

beforeAll(async () => {
  await seedPrices(db.ctx());
  const a = await makeAccount(db.ctx(), { balance: 50 });
  auth = bearer(await a.token());
  other = bearer(await (await makeAccount(db.ctx(), { balance: 50 })).token());
  for (const to of numbers) {
    const r = await call(send, { method: "POST", path: "/sms", headers: auth, body: { from: "Switchboard", to, body: `Hi ${to}` } });
    ids.push(r.body.trackingId);
  }
  await call(send, { method: "POST", path: "/sms", headers: other, body: { from: "Other", to: "+306912345601", body: "not yours" } });
  // One message delivered, to search by status.
  await db.ctx().db.messagePart.updateMany({ where: { messageId: ids[1] }, data: { status: "Delivered" } });
});

const find = (query: string, filters?: unknown, headers = auth) => call(search, { method: "POST", path: `/sms/tracking${query}`, headers, ...(filters === undefined ? {} : { body: filters }) });

describe("GET /api/sms/tracking/single/{trackingId}", () => {
  it("answers the message's records and 404005000 for unknown or foreign ids", async () => {
    const r = await call(single, { path: "/x", headers: auth, params: { trackingId: ids[0] } });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(1);
    expect(r.body[0]).toMatchObject({ messageId: ids[0], to: numbers[0], from: "Switchboard", part: 1, parts: 1, direction: "Outbound", country: "GR" });
    for (const id of ["nope", "6f1c0a4e-7a43-4d0e-9b8e-5d2f8f1b0c11", "-".repeat(36)]) {
      const miss = await call(single, { path: "/x", headers: auth, params: { trackingId: id } });
      expect(miss.status).toBe(404);
      expect(miss.body.code).toBe("404005000");
    }
    const foreign = await call(single, { path: "/x", headers: other, params: { trackingId: ids[0] } });
    expect(foreign.status).toBe(404);
  });
});

describe("POST /api/sms/tracking", () => {
  it("defaults to the latest 24 hours and pages with the spec's envelope, newest first", async () => {
    const r = await find("?size=3");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalElements: 4, totalPages: 2, size: 3, number: 0, first: true, last: false, numberOfElements: 3 });
    expect(r.body.content[0].messageId).toBe(ids[3]);
    const second = await find("?size=3&page=1");
    expect(second.body).toMatchObject({ numberOfElements: 1, last: true });
  });

  it.each([
    [[{ fieldName: "to", searchTerm: "+4915123456789" }], [2]],
    [[{ fieldName: "to", searchTerm: "+30", searchOperator: "starts_with" }], [0, 1, 3]],
    [[{ fieldName: "to", searchTerm: "603", searchOperator: "ends_with" }], [3]],
    [[{ fieldName: "to", searchTerm: "4560", searchOperator: "contains" }], [0, 1, 3]],
    [[{ fieldName: "status", searchTerm: "Delivered" }], [1]],
    [[{ fieldName: "status", searchTerm: "Delivered", searchOperator: "is_not" }], [0, 2, 3]],
    [[{ fieldName: "direction", searchTerm: "Outbound" }], [0, 1, 2, 3]],
    [[{ fieldName: "direction", searchTerm: "Inbound" }], []],
    [
      [
        { fieldName: "to", searchTerm: "+30", searchOperator: "starts_with" },
        { fieldName: "status", searchTerm: "Queued" },
      ],
      [0, 3],
    ],
  ])("filters %j", async (filters, expected) => {
    const r = await find("", filters);
    expect(r.status).toBe(200);
    expect(r.body.content.map((x: any) => ids.indexOf(x.messageId)).sort()).toEqual(expected);
  });

  it("finds a part by smsId", async () => {
    const one = await call(single, { path: "/x", headers: auth, params: { trackingId: ids[2] } });
    const r = await find("", [{ fieldName: "smsId", searchTerm: one.body[0].smsId }]);
    expect(r.body.content.map((x: any) => x.messageId)).toEqual([ids[2]]);
  });

  it("sorts by a field", async () => {
    const r = await find("?sort=to,asc");
    expect(r.body.content.map((x: any) => x.to)).toEqual([...numbers].sort());
    const bad = await find("?sort=password");
    expect(bad.status).toBe(400);
    expect(bad.body.property).toBe("sort");
  });

  it("accepts a window within the latest 7 days, timestamps without seconds, and refuses others", async () => {
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);
    const ok = await find(`?dateStart=${iso(-6 * 86400_000)}&dateEnd=${iso(60_000)}`);
    expect(ok.status).toBe(200);
    expect(ok.body.totalElements).toBe(4);
    const old = await find(`?dateStart=${iso(-8 * 86400_000)}&dateEnd=${iso(0)}`);
    expect(old.status).toBe(400);
    expect(old.body.code).toBe("400005003");
    const reversed = await find(`?dateStart=${iso(0)}&dateEnd=${iso(-3600_000)}`);
    expect(reversed.body.code).toBe("400005003");
    const none = await find(`?dateStart=${iso(-6 * 86400_000)}&dateEnd=${iso(-5 * 86400_000)}`);
    expect(none.body.totalElements).toBe(0);
  });

  it("refuses bad filters, page sizes over 2000, and shows no other account's messages", async () => {
    expect((await find("", [{ fieldName: "body", searchTerm: "x" }])).body.code).toBe("400000000");
    expect((await find("", [{ fieldName: "to" }])).body.code).toBe("400000000");
    expect((await find("", [{ fieldName: "direction", searchTerm: "Out", searchOperator: "contains" }])).status).toBe(400);
    expect((await find("", { fieldName: "to", searchTerm: "x" })).status).toBe(400);
    const big = await find("?size=2001");
    expect(big.status).toBe(400);
    expect(big.body.properties.size).toMatch(/2000/);
    const theirs = await find("", [], other);
    expect(theirs.body.totalElements).toBe(1);
    expect(theirs.body.content[0].body).toBe("not yours");
  });
});

describe("GET /api/sms/tracking/campaign/{campaignTrackingId}", () => {
  it("answers 404009001 for a campaign the account does not have", async () => {
    for (const id of ["6f1c0a4e-7a43-4d0e-9b8e-5d2f8f1b0c11", "nope", "-".repeat(36)]) {
      const r = await call(campaign, { path: "/x", headers: auth, params: { campaignTrackingId: id } });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("404009001");
    }
  });

  it("pages the campaign's records", async () => {
    const campaignId = "0b9f5a52-1d7e-4f35-8c1a-1a2b3c4d5e6f";
    await db.ctx().db.message.updateMany({ where: { id: { in: ids.slice(0, 3) } }, data: { campaignId, campaignName: "Spring" } });
    const r = await call(campaign, { path: "/x?size=2", headers: auth, params: { campaignTrackingId: campaignId } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalElements: 3, totalPages: 2, size: 2 });
    expect(r.body.content[0]).toMatchObject({ campaignTrackingId: campaignId, campaignName: "Spring", campaign: "Spring" });
    const filtered = await find(`?trackingId=${campaignId}`);
    expect(filtered.body.totalElements).toBe(3);
    const onlyCampaigns = await find("?campaign=true");
    expect(onlyCampaigns.body.totalElements).toBe(3);
  });
});
