// The tracking explorer's JSON and its CSV export: filters with the spec's operators over parts of
// outbound, inbound, single and campaign messages; ranges, sorting, paging; bad searches are 400;
// the export of a few thousand rows is complete, in order and neutralised.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as explore } from "../../app/api/dashboard/tracking/route.ts";
import { GET as exportCsv } from "../../app/api/dashboard/tracking/export/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call } from "../support/http.ts";

const db = useTestDatabase();

interface Seed {
  to: string;
  from?: string;
  direction?: "Outbound" | "Inbound";
  status?: string;
  detailedStatus?: string;
  country?: string;
  label?: string;
  campaignId?: string;
  campaignName?: string;
  parts?: number;
  minutesAgo?: number;
  body?: string;
}

async function seedMessage(accountId: string, s: Seed) {
  const id = crypto.randomUUID();
  const at = new Date(Date.now() - (s.minutesAgo ?? 5) * 60_000);
  const parts = s.parts ?? 1;
  await db.ctx().sql.query(
    `INSERT INTO messages (id, account_id, direction, "from", "to", body, label, country, operator, mcc, mnc, parts, body_analysis, status, detailed_status, status_at, price_micros, created_at, expires_at, campaign_id, campaign_name)
     VALUES ($1, $2, $3::"Direction", $4, $5, $6, $7, $8, 'Cosmote', '202', '01', $9, '{}', $10, $11, $12, 36500, $12, $12, $13, $14)`,
    [
      id,
      accountId,
      s.direction ?? "Outbound",
      s.from ?? "Shop",
      s.to,
      s.body ?? "Hello",
      s.label ?? "",
      s.country ?? "GR",
      parts,
      s.status ?? "Delivered",
      s.detailedStatus ?? "Delivered",
      at,
      s.campaignId ?? null,
      s.campaignName ?? "",
    ],
  );
  const partIds: string[] = [];
  for (let n = 1; n <= parts; n++) {
    const pid = crypto.randomUUID();
    partIds.push(pid);
    await db.ctx().sql.query(
      `INSERT INTO message_parts (id, message_id, account_id, part_number, text, status, detailed_status, status_at, price_micros, created_at, done_at)
       VALUES ($1, $2, $3, $4, 'Hello', $5, $6, $7, 36500, $7, $7::timestamptz + interval '2 seconds')`,
      [pid, id, accountId, n, s.status ?? "Delivered", s.detailedStatus ?? "Delivered", at],
    );
  }
  return { id, partIds };
}

let owner: { cookie: string };
let accountId: string;
const m: Record<string, { id: string; partIds: string[] }> = {};
const campaignId = crypto.randomUUID();

beforeAll(async () => {
  const a = await makeAccount(db.ctx());
  accountId = a.account.id;
  owner = { cookie: await sessionCookie(a.user.id) };
  m.ada = await seedMessage(accountId, { to: "+306912345601", label: "orders", minutesAgo: 1 });
  m.bob = await seedMessage(accountId, { to: "+306912345602", status: "Undelivered", detailedStatus: "Roaming", minutesAgo: 2, parts: 2 });
  m.de = await seedMessage(accountId, { to: "+4915123456789", country: "DE", from: "Alerts", minutesAgo: 3 });
  m.inbound = await seedMessage(accountId, { to: "+306900000100", from: "+306977777777", direction: "Inbound", status: "Delivered", minutesAgo: 4 });
  m.camp = await seedMessage(accountId, { to: "+306912349999", campaignId, campaignName: "Spring Sale", minutesAgo: 6 });
  m.old = await seedMessage(accountId, { to: "+306912345601", minutesAgo: 3 * 24 * 60 });
  const other = await makeAccount(db.ctx());
  await seedMessage(other.account.id, { to: "+306912345601" });
});

const search = (query: string, headers: Record<string, string> = owner) => call(explore, { path: `/dashboard/tracking?${query}`, headers });
const ids = (r: { body: { content: { trackingId: string }[] } }) => r.body.content.map((c) => c.trackingId);

describe("GET /api/dashboard/tracking", () => {
  it("lists every part of the last 24 hours, newest first, outbound and inbound, single and campaign", async () => {
    const r = await search("");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalElements: 6, capped: false, number: 0, size: 50 });
    expect(ids(r)).toEqual([m.ada.id, m.bob.id, m.bob.id, m.de.id, m.inbound.id, m.camp.id]);
    const bobParts = r.body.content.filter((c: { trackingId: string }) => c.trackingId === m.bob.id);
    expect(bobParts.map((p: { part: number; parts: number }) => `${p.part}/${p.parts}`).sort()).toEqual(["1/2", "2/2"]);
    expect(r.body.content[0]).toMatchObject({ to: "+306912345601", from: "Shop", status: "Delivered", operator: "Cosmote", price: 0.0365, latency: 2, label: "orders" });
  });

  it("looks further back than the API's 7 days when asked", async () => {
    expect(ids(await search("range=7d&to=is:%2B306912345601"))).toEqual([m.ada.id, m.old.id]);
    const from = new Date(Date.now() - 40 * 86_400_000).toISOString();
    expect((await search(`range=custom&start=${from}`)).body.totalElements).toBe(7);
  });

  it("filters with the spec's operators", async () => {
    expect(ids(await search("to=contains:691234560"))).toEqual([m.ada.id, m.bob.id, m.bob.id]);
    expect(ids(await search("to=306912345601"))).toEqual([m.ada.id]); // "is" without '+'
    expect(ids(await search("to=ends_with:9999"))).toEqual([m.camp.id]);
    expect(ids(await search("to=starts_with:%2B49"))).toEqual([m.de.id]);
    expect(ids(await search("status=is:undelivered"))).toEqual([m.bob.id, m.bob.id]);
    expect(ids(await search("detailedStatus=contains:roam"))).toEqual([m.bob.id, m.bob.id]);
    expect(ids(await search("direction=is:Inbound"))).toEqual([m.inbound.id]);
    expect(ids(await search("country=is_not:GR"))).toEqual([m.de.id]);
    expect(ids(await search("from=starts_with:Ale"))).toEqual([m.de.id]);
    expect(ids(await search("label=is:orders"))).toEqual([m.ada.id]);
    expect(ids(await search("campaign=contains:spring"))).toEqual([m.camp.id]);
    expect(ids(await search(`campaign=is:${campaignId}`))).toEqual([m.camp.id]);
    expect(ids(await search(`id=is:${m.bob.partIds[1]}`))).toEqual([m.bob.id]);
    expect(ids(await search(`id=is:${m.de.id}`))).toEqual([m.de.id]);
    expect(ids(await search("id=is:not-a-uuid"))).toEqual([]);
    expect(ids(await search("to=contains:%25"))).toEqual([]); // a literal %, not a wildcard
    expect(ids(await search("status=is:Delivered&country=is:GR&direction=is:Outbound"))).toEqual([m.ada.id, m.camp.id]);
  });

  it("counts parts, whether the filters are on the message or on its parts", async () => {
    const total = async (q: string) => (await search(q)).body.totalElements;
    expect(await total("to=contains:691234560")).toBe(3); // ada's part and bob's two
    expect(await total("country=is:GR")).toBe(5);
    expect(await total("country=is:GR&direction=is:Outbound")).toBe(4);
    expect(await total(`campaign=is:${campaignId}`)).toBe(1);
    expect(await total("status=is:undelivered")).toBe(2);
    expect(await total("status=is:Delivered&country=is:GR")).toBe(3);
    expect(await total(`id=is:${m.bob.partIds[1]}`)).toBe(1);
    expect(await total(`id=is:${m.bob.id}`)).toBe(2);
  });

  it("sorts and pages on the server", async () => {
    const asc = await search("sort=to.asc&size=2");
    expect(asc.body).toMatchObject({ totalElements: 6, totalPages: 3, numberOfElements: 2 });
    expect(asc.body.content.map((c: { to: string }) => c.to)).toEqual(["+306900000100", "+306912345601"]);
    const last = await search("sort=to.asc&size=2&page=2");
    expect(last.body.content.map((c: { to: string }) => c.to)).toEqual(["+306912349999", "+4915123456789"]);
  });

  it("answers bad searches with 400 and strangers with 401", async () => {
    for (const q of [
      "sort=body.asc",
      "sort=to.sideways",
      "range=custom",
      "range=forever",
      "range=custom&start=2020-01-01T00:00:00Z",
      "range=custom&start=2026-01-02&end=2026-01-01",
      "size=100000",
      `to=${"x".repeat(300)}`,
    ]) {
      const r = await search(q);
      expect(r.status, q).toBe(400);
      expect(r.body.code).toBe("400000000");
    }
    expect((await search("", {})).status).toBe(401);
  });
});

describe("GET /api/dashboard/tracking/export", () => {
  it("streams the whole search as CSV, newest first, with formula cells neutralised", async () => {
    const bulk = await makeAccount(db.ctx());
    const now = Date.now();
    // 3,000 one-part messages, a few milliseconds apart, written in one statement each table.
    await db.ctx().sql.query(
      `INSERT INTO messages (id, account_id, "from", "to", body, label, parts, body_analysis, status, status_at, created_at, expires_at, country)
       SELECT gen_random_uuid(), $1, 'Shop', '+3069' || lpad(i::text, 8, '0'), 'Bulk ' || i, CASE WHEN i % 1000 = 0 THEN '=HYPERLINK("x")' ELSE '' END,
              1, '{}', 'Delivered', $2::timestamptz - i * interval '7 ms', $2::timestamptz - i * interval '7 ms', $2::timestamptz, 'GR'
       FROM generate_series(1, 3000) i`,
      [bulk.account.id, new Date(now - 60_000)],
    );
    await db.ctx().sql.query(
      `INSERT INTO message_parts (id, message_id, account_id, part_number, text, status, status_at, created_at)
       SELECT gen_random_uuid(), id, account_id, 1, body, status, status_at, created_at FROM messages WHERE account_id = $1`,
      [bulk.account.id],
    );
    const cookie = { cookie: await sessionCookie(bulk.user.id) };
    const r = await call(exportCsv, { path: "/dashboard/tracking/export?range=1h", headers: cookie });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/csv");
    expect(r.headers.get("content-disposition")).toMatch(/attachment; filename="tracking-.*\.csv"/);
    const lines = r.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(/^createdAt,trackingId,smsId,part,parts,direction,from,to,status/);
    const rows = lines.slice(1).map((l) => l.split(","));
    expect(rows).toHaveLength(3000);
    // Complete and newest first: +306900000001 … +306900003000, E.164 left readable.
    expect(rows.map((c) => c[7])).toEqual(Array.from({ length: 3000 }, (_, i) => `+3069${String(i + 1).padStart(8, "0")}`));
    const smsIds = new Set(rows.map((c) => c[2]));
    const stored = await db.ctx().sql.query<{ id: string }>(`SELECT id FROM message_parts WHERE account_id = $1`, [bulk.account.id]);
    expect(smsIds).toEqual(new Set(stored.rows.map((s) => s.id)));
    // The label column of every 1000th message was a formula: quoted and neutralised.
    const formulas = lines.filter((l) => l.includes("HYPERLINK"));
    expect(formulas).toHaveLength(3);
    for (const l of formulas) expect(l).toContain(`"'=HYPERLINK(""x"")"`);

    // The export follows the search's filters.
    const filtered = await call(exportCsv, { path: "/dashboard/tracking/export?range=1h&to=ends_with:999", headers: cookie });
    expect(filtered.text.trimEnd().split("\r\n")).toHaveLength(1 + 3);
  });

  it("answers a bad search with 400 before streaming", async () => {
    const r = await call(exportCsv, { path: "/dashboard/tracking/export?range=custom", headers: owner });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("400000000");
  });
});
