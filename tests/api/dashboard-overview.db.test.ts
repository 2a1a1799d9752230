// The reporting home's JSON: totals, the series by status, delivery per country and operator,
// latency percentiles and the latest campaigns, over a period; other accounts' messages and
// inbound messages never count; bad periods are 4xx.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as overview } from "../../app/api/dashboard/overview/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call } from "../support/http.ts";
import { latencyPercentile } from "../../lib/core/reports/overview.ts";
import { createUser } from "../../lib/core/users/create-user.ts";

const db = useTestDatabase();
let accountId: string;
let cookie: Record<string, string>;
const campaignId = crypto.randomUUID();

async function seed(s: {
  account?: string;
  at: string;
  status: string;
  latency: number | null;
  country?: string;
  operator?: string;
  mnc?: string;
  parts?: number;
  direction?: string;
  campaign?: string;
}) {
  const id = crypto.randomUUID();
  const parts = s.parts ?? 1;
  const account = s.account ?? accountId;
  await db.ctx().sql.query(
    `INSERT INTO messages (id, account_id, direction, "from", "to", body, country, operator, mcc, mnc, parts, body_analysis, status, status_at, price_micros, created_at, expires_at, campaign_id)
     VALUES ($1, $2, $3::"Direction", 'Shop', '+306912345678', 'x', $4, $5, $6, $7, $8, '{}', $9, $10, $11, $10, $10, $12)`,
    [
      id,
      account,
      s.direction ?? "Outbound",
      s.country ?? "GR",
      s.operator ?? "Cosmote",
      s.country === "DE" ? "262" : "202",
      s.mnc ?? "01",
      parts,
      s.status,
      new Date(s.at),
      50000 * parts,
      s.campaign ?? null,
    ],
  );
  for (let n = 1; n <= parts; n++)
    await db.ctx().sql.query(
      `INSERT INTO message_parts (id, message_id, account_id, part_number, text, status, status_at, price_micros, created_at, done_at)
       VALUES (gen_random_uuid(), $1, $2, $3, 'x', $4, $5, 50000, $5, $6)`,
      [id, account, n, s.status, new Date(s.at), s.latency === null ? null : new Date(new Date(s.at).getTime() + s.latency * 1000)],
    );
}

const period = "range=custom&start=2026-03-01T00:00:00Z&end=2026-03-02T00:00:00Z";

beforeAll(async () => {
  const a = await makeAccount(db.ctx());
  accountId = a.account.id;
  cookie = { cookie: await sessionCookie(a.user.id) };
  await db
    .ctx()
    .sql.query(
      `INSERT INTO campaigns (id, account_id, name, state, "from", body, created_at, state_at) VALUES ($1, $2, 'Spring sale', 'Finished', 'Shop', 'x', '2026-03-01T09:00:00Z', '2026-03-01T09:00:00Z')`,
      [campaignId, accountId],
    );
  await seed({ at: "2026-03-01T10:05:00Z", status: "Delivered", latency: 2, campaign: campaignId });
  await seed({ at: "2026-03-01T10:40:00Z", status: "Delivered", latency: 3, parts: 2 });
  await seed({ at: "2026-03-01T11:10:00Z", status: "Undelivered", latency: 30, mnc: "05", operator: "Vodafone" });
  await seed({ at: "2026-03-01T11:20:00Z", status: "Failed", latency: 120, mnc: "05", operator: "Vodafone" });
  await seed({ at: "2026-03-01T11:30:00Z", status: "Queued", latency: null, mnc: "05", operator: "Vodafone" });
  await seed({ at: "2026-03-01T12:00:00Z", status: "Delivered", latency: 5, country: "DE", operator: "Telekom" });
  await seed({ at: "2026-03-01T12:30:00Z", status: "Delivered", latency: 1, direction: "Inbound" }); // not sent by us
  await seed({ at: "2026-03-02T12:00:00Z", status: "Delivered", latency: 1 }); // after the period
  const other = await makeAccount(db.ctx());
  await seed({ account: other.account.id, at: "2026-03-01T10:00:00Z", status: "Delivered", latency: 1 });
});

describe("dashboard overview", () => {
  it("counts the period's outbound parts by status, with cost and delivery rate over final parts", async () => {
    const r = await call(overview, { path: `/dashboard/overview?${period}`, headers: cookie });
    expect(r.status).toBe(200);
    expect(r.body.totals).toEqual({ total: 7, delivered: 4, undelivered: 1, failed: 1, unsent: 0, pending: 1, cost: 0.35, deliveryRate: 4 / 6 });
    expect(r.body.currency).toBe("EUR");
  });

  it("draws hourly buckets over a day, empty hours included", async () => {
    const r = await call(overview, { path: `/dashboard/overview?${period}`, headers: cookie });
    expect(r.body.bucketSeconds).toBe(3600);
    expect(r.body.series).toHaveLength(25); // 00:00 … 24:00 inclusive
    const at = (iso: string) => r.body.series.find((p: any) => p.at === iso);
    expect(at("2026-03-01T10:00:00.000Z")).toMatchObject({ delivered: 3, failed: 0, pending: 0 });
    expect(at("2026-03-01T11:00:00.000Z")).toMatchObject({ delivered: 0, undelivered: 1, failed: 1, pending: 1 });
    expect(at("2026-03-01T09:00:00.000Z")).toMatchObject({ delivered: 0, undelivered: 0, failed: 0, unsent: 0, pending: 0 });
  });

  it("aligns day buckets on the viewer's midnight", async () => {
    const r = await call(overview, { path: "/dashboard/overview?range=custom&start=2026-02-20T22:00:00Z&end=2026-03-05T22:00:00Z&offset=120", headers: cookie });
    expect(r.body.bucketSeconds).toBe(86400);
    const day = r.body.series.find((p: any) => p.at === "2026-02-28T22:00:00.000Z"); // 1 March, 00:00 at UTC+2
    expect(day.delivered).toBe(4);
  });

  it("rates delivery per country and per operator, biggest first", async () => {
    const r = await call(overview, { path: `/dashboard/overview?${period}`, headers: cookie });
    expect(r.body.countries.map((c: any) => [c.country, c.total, c.delivered, c.final])).toEqual([
      ["GR", 6, 3, 5],
      ["DE", 1, 1, 1],
    ]);
    expect(r.body.countries[0].deliveryRate).toBeCloseTo(0.6);
    const vodafone = r.body.operators.find((o: any) => o.operator === "Vodafone");
    expect(vodafone).toMatchObject({ country: "GR", mcc: "202", mnc: "05", total: 3, delivered: 0, final: 2, deliveryRate: 0 });
    expect(r.body.operators[0]).toMatchObject({ operator: "Cosmote", deliveryRate: 1 });
  });

  it("gives latency percentiles from the delivery receipts", async () => {
    const r = await call(overview, { path: `/dashboard/overview?${period}`, headers: cookie });
    // Receipts at 2, 3, 3, 30, 120 (over 45 s) and 5 seconds.
    expect(r.body.latency).toMatchObject({ measured: 6, p50: 3, p90: 46, p99: 46 });
    expect(latencyPercentile([0, 0, 0], 0.5)).toBeNull();
    expect(latencyPercentile([1, 1, 1, 1], 0.5)).toBe(2);
  });

  it("lists the latest named campaigns with their progress", async () => {
    const r = await call(overview, { path: `/dashboard/overview?${period}`, headers: cookie });
    expect(r.body.campaigns).toHaveLength(1);
    expect(r.body.campaigns[0]).toMatchObject({ trackingId: campaignId, campaignName: "Spring sale", state: "Finished" });
    expect(r.body.campaigns[0]).toHaveProperty("progress");
  });

  it("is readable by support staff", async () => {
    const u = await createUser(db.ctx(), { accountId, email: `support-${accountId}@example.com`, password: "long enough pw", role: "support" });
    const r = await call(overview, { path: `/dashboard/overview?${period}`, headers: { cookie: await sessionCookie(u.id) } });
    expect(r.status).toBe(200);
    expect(r.body.totals.total).toBe(7);
  });

  it("answers bad periods with a 4xx envelope", async () => {
    const reversed = await call(overview, { path: "/dashboard/overview?range=custom&start=2026-03-02T00:00:00Z&end=2026-03-01T00:00:00Z", headers: cookie });
    expect(reversed.status).toBe(400);
    expect(reversed.body.code).toBe("400007001");
    const noStart = await call(overview, { path: "/dashboard/overview?range=custom", headers: cookie });
    expect(noStart.status).toBe(400);
    const tooLong = await call(overview, { path: "/dashboard/overview?range=custom&start=2020-01-01T00:00:00Z&end=2026-01-01T00:00:00Z", headers: cookie });
    expect(tooLong.status).toBe(400);
    for (const q of ["range=year", "range=custom&start=yesterday", "offset=9999", "offset=abc"]) {
      const bad = await call(overview, { path: `/dashboard/overview?${q}`, headers: cookie });
      expect(bad.status, q).toBe(400);
    }
    expect((await call(overview, { path: "/dashboard/overview" })).status).toBe(401);
  });
});
