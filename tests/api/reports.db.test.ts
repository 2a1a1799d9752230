// The reports API computed from seeded messages: volume and price per bucket and network, the
// time grouping by span, latency buckets, campaign reports, the report scope and the errors the
// PHP SDK's tests expect.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as volPrice } from "../../app/api/reports/my/volPrice/route.ts";
import { GET as perMcc } from "../../app/api/reports/my/volPrice/perMcc/route.ts";
import { GET as perMccMnc } from "../../app/api/reports/my/volPrice/perMccMnc/route.ts";
import { GET as perCampaign } from "../../app/api/reports/my/volPrice/perCampaign/route.ts";
import { GET as latency } from "../../app/api/reports/my/latency/route.ts";
import { GET as latencyCountry } from "../../app/api/reports/my/latency/perCountry/route.ts";
import { GET as latencyMccMnc } from "../../app/api/reports/my/latency/perMccMnc/route.ts";
import { GET as latencyCampaign } from "../../app/api/reports/my/latency/perCampaign/route.ts";
import { GET as breakdown } from "../../app/api/reports/my/breakdown/route.ts";
import { GET as breakdownCampaign } from "../../app/api/reports/my/breakdown/perCampaign/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call, type RouteHandler } from "../support/http.ts";

const db = useTestDatabase();
let auth: Record<string, string>;
let accountId: string;
const campaignId = crypto.randomUUID();
const draftId = crypto.randomUUID();

/** A message of `parts` parts created at `at`, each part done `latency` seconds later (null: no receipt). */
async function seed(s: { at: string; status: string; latency: number | null; mcc?: string; mnc?: string; country?: string; operator?: string; parts?: number; campaign?: string; direction?: string }) {
  const id = crypto.randomUUID();
  const parts = s.parts ?? 1;
  await db.ctx().sql.query(
    `INSERT INTO messages (id, account_id, direction, "from", "to", body, country, operator, mcc, mnc, parts, body_analysis, status, status_at, price_micros, created_at, expires_at, campaign_id)
     VALUES ($1, $2, $3::"Direction", 'Shop', '+306912345678', 'x', $4, $5, $6, $7, $8, '{}', $9, $10, $11, $10, $10, $12)`,
    [id, accountId, s.direction ?? "Outbound", s.country ?? "GR", s.operator ?? "Cosmote", s.mcc ?? "202", s.mnc ?? "01", parts, s.status, new Date(s.at), 36500 * parts, s.campaign ?? null],
  );
  for (let n = 1; n <= parts; n++)
    await db.ctx().sql.query(
      `INSERT INTO message_parts (id, message_id, account_id, part_number, text, status, status_at, price_micros, created_at, done_at)
       VALUES (gen_random_uuid(), $1, $2, $3, 'x', $4, $5, 36500, $5, $6)`,
      [id, accountId, n, s.status, new Date(s.at), s.latency === null ? null : new Date(new Date(s.at).getTime() + s.latency * 1000)],
    );
}

beforeAll(async () => {
  const a = await makeAccount(db.ctx(), { scopes: ["report", "sms"] });
  accountId = a.account.id;
  auth = bearer(await a.token());
  for (const [id, state] of [
    [campaignId, "Finished"],
    [draftId, "Draft"],
  ])
    await db
      .ctx()
      .sql.query(`INSERT INTO campaigns (id, account_id, state, "from", body, created_at, state_at) VALUES ($1, $2, $3, 'Shop', 'x', '2026-03-01T09:00:00Z', '2026-03-01T09:00:00Z')`, [
        id,
        accountId,
        state,
      ]);
  // 1 March 2026, Greece (Cosmote 202/01 and Vodafone 202/05), Germany (262/01).
  await seed({ at: "2026-03-01T10:05:00Z", status: "Delivered", latency: 0.4 }); // bucket 0 (1 s)
  await seed({ at: "2026-03-01T10:40:00Z", status: "Delivered", latency: 2.5, parts: 2 }); // two parts at 3 s → bucket 2
  await seed({ at: "2026-03-01T11:10:00Z", status: "Undelivered", latency: 45, mnc: "05", operator: "Vodafone" }); // bucket 44
  await seed({ at: "2026-03-01T11:20:00Z", status: "Failed", latency: 120, mnc: "05", operator: "Vodafone" }); // bucket 45
  await seed({ at: "2026-03-01T11:30:00Z", status: "Queued", latency: null, mnc: "05", operator: "Vodafone" }); // no receipt
  await seed({ at: "2026-03-01T12:00:00Z", status: "Delivered", latency: 7, mcc: "262", mnc: "01", country: "DE", operator: "Telekom" }); // bucket 6
  await seed({ at: "2026-03-01T12:30:00Z", status: "Delivered", latency: 1, direction: "Inbound" }); // inbound: not in reports
  // The campaign: two messages on 2 and 3 March (a span of a day and a half: Day buckets).
  await seed({ at: "2026-03-02T23:30:00Z", status: "Delivered", latency: 10, campaign: campaignId });
  await seed({ at: "2026-03-04T09:00:00Z", status: "Sent", latency: null, campaign: campaignId });
  // Another account's message never counts.
  const other = await makeAccount(db.ctx());
  await db
    .ctx()
    .sql.query(
      `INSERT INTO messages (id, account_id, "from", "to", body, parts, body_analysis, status, status_at, created_at, expires_at) VALUES (gen_random_uuid(), $1, 'x', '+30', 'x', 1, '{}', 'Delivered', '2026-03-01T10:00:00Z', '2026-03-01T10:00:00Z', '2026-03-01T10:00:00Z')`,
      [other.account.id],
    );
});

const get = (handler: RouteHandler, query: string, headers = auth) => call(handler, { path: `/reports/my/x?${query}`, headers });
const day = "startDate=2026-03-01T00:00:00Z&endDate=2026-03-01T23:59:59Z";

describe("GET /api/reports/my/volPrice", () => {
  it("counts parts by status and prices them per hour, country and network over a day", async () => {
    const r = await get(volPrice, day);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        country: "GR",
        operator: "Cosmote",
        mcc: "202",
        mnc: "01",
        startDateTime: "2026-03-01T10:00:00Z",
        timeGrouping: "Hour",
        smsCampaignId: "",
        count: 3,
        deliveredCount: 3,
        failedCount: 0,
        unsentCount: 0,
        queuedCount: 0,
        sentCount: 0,
        undeliveredCount: 0,
        price: 0.1095,
      },
      {
        country: "GR",
        operator: "Vodafone",
        mcc: "202",
        mnc: "05",
        startDateTime: "2026-03-01T11:00:00Z",
        timeGrouping: "Hour",
        smsCampaignId: "",
        count: 3,
        deliveredCount: 0,
        failedCount: 1,
        unsentCount: 0,
        queuedCount: 1,
        sentCount: 0,
        undeliveredCount: 1,
        price: 0.1095,
      },
      {
        country: "DE",
        operator: "Telekom",
        mcc: "262",
        mnc: "01",
        startDateTime: "2026-03-01T12:00:00Z",
        timeGrouping: "Hour",
        smsCampaignId: "",
        count: 1,
        deliveredCount: 1,
        failedCount: 0,
        unsentCount: 0,
        queuedCount: 0,
        sentCount: 0,
        undeliveredCount: 0,
        price: 0.0365,
      },
    ]);
  });

  it("groups by Day, Month or Year as the span grows", async () => {
    const week = await get(volPrice, "startDate=2026-03-01&endDate=2026-03-08");
    expect(week.body.map((i: { startDateTime: string; count: number; timeGrouping: string }) => [i.startDateTime, i.timeGrouping, i.count])).toEqual([
      ["2026-03-01T00:00:00Z", "Day", 1],
      ["2026-03-01T00:00:00Z", "Day", 3],
      ["2026-03-01T00:00:00Z", "Day", 3],
      ["2026-03-02T00:00:00Z", "Day", 1],
      ["2026-03-04T00:00:00Z", "Day", 1],
    ]);
    const year = await get(volPrice, "startDate=2026-01-01&endDate=2026-12-31");
    expect(new Set(year.body.map((i: { timeGrouping: string }) => i.timeGrouping))).toEqual(new Set(["Month"]));
    expect(year.body.reduce((n: number, i: { count: number }) => n + i.count, 0)).toBe(9);
    const years = await get(volPrice, '"startDate=2023-01-01T00:00:00"&endDate=2026-12-31'.replace(/"/g, ""));
    expect(years.body[0]).toMatchObject({ startDateTime: "2026-01-01T00:00:00Z", timeGrouping: "Year" });
  });

  it("narrows to an mcc, and to an mcc and mnc", async () => {
    const de = await get(perMcc, `${day}&mcc=262`);
    expect(de.body).toHaveLength(1);
    expect(de.body[0]).toMatchObject({ mcc: "262", country: "DE", count: 1 });
    const vodafone = await get(perMccMnc, `${day}&mcc=202&mnc=05`);
    expect(vodafone.body.map((i: { mnc: string; count: number }) => [i.mnc, i.count])).toEqual([["05", 3]]);
  });

  it("reports a campaign from its first SMS to its last, in the client's offset", async () => {
    const r = await get(perCampaign, `campaignId=${campaignId}&offset=%2B02:00`);
    expect(r.status).toBe(200);
    // 23:30 UTC on 2 March is 01:30 on 3 March at +02:00.
    expect(r.body.map((i: { startDateTime: string; smsCampaignId: string; deliveredCount: number; sentCount: number }) => [i.startDateTime, i.smsCampaignId, i.deliveredCount, i.sentCount])).toEqual([
      ["2026-03-03T00:00:00+02:00", campaignId, 1, 0],
      ["2026-03-04T00:00:00+02:00", campaignId, 0, 1],
    ]);
    expect(r.body[0]).toHaveProperty("mcc", "202");
  });
});

describe("GET /api/reports/my/latency and /breakdown", () => {
  it("counts parts by seconds from creation to receipt: 1..45 s and over 45 s", async () => {
    const r = await get(latency, day);
    expect(r.status).toBe(200);
    const expected = new Array(46).fill(0);
    expected[0] = 1; // 0.4 s
    expected[2] = 2; // 2.5 s, two parts
    expected[44] = 1; // 45 s
    expected[45] = 1; // 120 s
    expected[6] = 1; // 7 s
    expect(r.body.smsLatencyCount).toEqual(expected);
    expect((await get(breakdown, day)).body).toEqual(r.body);
  });

  it("narrows to a country, a network or a campaign", async () => {
    const de = await get(latencyCountry, `${day}&countryCode=de`);
    expect(de.body.smsLatencyCount[6]).toBe(1);
    expect(de.body.smsLatencyCount.reduce((a: number, b: number) => a + b)).toBe(1);
    const vodafone = await get(latencyMccMnc, `${day}&mcc=202&mnc=05`);
    expect(vodafone.body.smsLatencyCount[44] + vodafone.body.smsLatencyCount[45]).toBe(2);
    const campaign = await get(latencyCampaign, `campaignId=${campaignId}`);
    expect(campaign.body.smsLatencyCount[9]).toBe(1);
    expect((await get(breakdownCampaign, `campaignId=${campaignId}`)).body).toEqual(campaign.body);
  });
});

describe("report errors", () => {
  it("refuses reversed dates and spans over 5 years with 400007001", async () => {
    for (const q of ["startDate=2026-03-02&endDate=2026-03-01", "startDate=2015-01-01&endDate=2026-03-01"]) {
      for (const h of [volPrice, latency]) {
        const r = await get(h, q);
        expect(r.status).toBe(400);
        expect(r.body.code).toBe("400007001");
        expect(r.body.developerMessage).toBeTruthy();
      }
    }
  });

  it("answers missing or malformed parameters with the error envelope", async () => {
    const cases: [RouteHandler, string][] = [
      [volPrice, ""],
      [volPrice, "startDate=2026-03-01"],
      [volPrice, "startDate=yesterday&endDate=2026-03-01"],
      [perMcc, day],
      [perMccMnc, `${day}&mcc=202`],
      [perCampaign, ""],
      [perCampaign, `campaignId=${campaignId}%0A`],
      [perCampaign, `campaignId=${campaignId}%20888`],
      [perCampaign, `campaignId=${campaignId}&offset=soon`],
      [latencyCountry, `${day}&countryCode=CBEE`],
      [latencyCampaign, "campaignId=nope"],
    ];
    for (const [h, q] of cases) {
      const r = await get(h, q);
      expect(r.status, q).toBe(400);
      expect(r.body.developerMessage, q).toBeTruthy();
    }
  });

  it("answers an unknown or Draft campaign as any filter that matches nothing: an empty list, a latency of zeros", async () => {
    for (const id of [crypto.randomUUID(), draftId]) {
      const r = await get(perCampaign, `campaignId=${id}&offset=%2B00:00`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual([]);
      const l = await get(latencyCampaign, `campaignId=${id}`);
      expect(l.status).toBe(200);
      expect(l.body.smsLatencyCount).toEqual(Array(46).fill(0));
    }
  });

  it("needs a token with the report scope", async () => {
    const noReport = await makeAccount(db.ctx(), { scopes: ["sms"] });
    const r = await get(volPrice, day, bearer(await noReport.token()));
    expect(r.status).toBe(403);
    expect((await get(latency, day, {})).status).toBe(401);
  });
});
