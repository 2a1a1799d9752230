// Cost and margin per connector and per country (issue 16), for platform administrators: every
// account's outbound parts of the period, price − connector cost, one row per currency; Failed
// and Unsent parts (refunded) and inbound messages do not count; the figures from the hourly
// rollup equal the live ones; anyone but an administrator gets 403 and the overview page's
// data carries none of it.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as margins } from "../../app/api/dashboard/overview/margins/route.ts";
import { GET as overview } from "../../app/api/dashboard/overview/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call } from "../support/http.ts";
import { connectorMargins } from "../../lib/core/reports/connector-margins.ts";
import { rollUpHour } from "../../lib/core/reports/report-rollup.ts";

const db = useTestDatabase();
const athens = crypto.randomUUID();
const berlin = crypto.randomUUID();
const period = { from: new Date("2026-03-01T00:00:00Z"), to: new Date("2026-03-02T00:00:00Z") };
const periodQuery = "range=custom&start=2026-03-01T00:00:00Z&end=2026-03-02T00:00:00Z";
let admin: { cookie: string };
let owner: { cookie: string };

/** A message with one part per entry: [connector, status, price, cost] in micros. */
async function seed(accountId: string, at: string, country: string, parts: [string | null, string, number, number][], direction = "Outbound") {
  const id = crypto.randomUUID();
  await db.ctx().sql.query(
    `INSERT INTO messages (id, account_id, direction, "from", "to", body, country, parts, body_analysis, status, status_at, created_at, expires_at)
     VALUES ($1, $2, $3::"Direction", 'Shop', '+306912345678', 'x', $4, $5, '{}', 'Delivered', $6, $6, $6)`,
    [id, accountId, direction, country, parts.length, new Date(at)],
  );
  for (const [i, [connectorId, status, price, cost]] of parts.entries())
    await db.ctx().sql.query(
      `INSERT INTO message_parts (id, message_id, account_id, part_number, text, status, status_at, price_micros, cost_micros, connector_id, created_at)
       VALUES (gen_random_uuid(), $1, $2, $3, 'x', $4, $5, $6, $7, $8, $5)`,
      [id, accountId, i + 1, status, new Date(at), price, cost, connectorId],
    );
}

beforeAll(async () => {
  await db.ctx().sql.query(`INSERT INTO connectors (id, name, host, port) VALUES ($1, 'Athens', '127.0.0.1', 2775), ($2, 'berlin-bulk', '127.0.0.1', 2776)`, [athens, berlin]);
  const eur = await makeAccount(db.ctx());
  const usd = await makeAccount(db.ctx(), { currency: "USD" });
  owner = { cookie: await sessionCookie(eur.user.id) };
  await db.ctx().sql.query(`UPDATE users SET platform_admin = true WHERE id = $1`, [usd.user.id]);
  admin = { cookie: await sessionCookie(usd.user.id) };
  const e = eur.account.id;
  await seed(e, "2026-03-01T10:15:00Z", "GR", [[athens, "Delivered", 50_000, 20_000]]);
  // Berlin carried both parts; the second failed: refunded, so neither its price nor its cost counts.
  await seed(e, "2026-03-01T10:45:00Z", "GR", [
    [berlin, "Delivered", 50_000, 30_000],
    [berlin, "Failed", 50_000, 30_000],
  ]);
  await seed(e, "2026-03-01T13:20:00Z", "DE", [[athens, "Undelivered", 70_000, 40_000]]);
  await seed(e, "2026-03-01T13:40:00Z", "GR", [[null, "Delivered", 50_000, 0]]); // a test carrier: no connector, no cost
  await seed(e, "2026-03-01T14:05:00Z", "GR", [[athens, "Unsent", 50_000, 20_000]]);
  await seed(e, "2026-03-01T15:00:00Z", "GR", [[athens, "Delivered", 0, 20_000]], "Inbound"); // not sent by us
  await seed(e, "2026-03-02T10:00:00Z", "GR", [[athens, "Delivered", 50_000, 20_000]]); // after the period
  await seed(usd.account.id, "2026-03-01T20:30:00Z", "GR", [[athens, "Delivered", 60_000, 25_000]]);
});

const expected = {
  totals: [
    { currency: "EUR", parts: 6, billed: 4, price: 0.22, cost: 0.09, margin: 0.13, marginRate: 0.13 / 0.22 },
    { currency: "USD", parts: 1, billed: 1, price: 0.06, cost: 0.025, margin: 0.035, marginRate: 0.035 / 0.06 },
  ],
  connectors: [
    { connector: "Athens", currency: "EUR", parts: 3, billed: 2, price: 0.12, cost: 0.06, margin: 0.06 },
    { connector: "berlin-bulk", currency: "EUR", parts: 2, billed: 1, price: 0.05, cost: 0.03, margin: 0.02 },
    { connector: "", currency: "EUR", parts: 1, billed: 1, price: 0.05, cost: 0, margin: 0.05 },
    { connector: "Athens", currency: "USD", parts: 1, billed: 1, price: 0.06, cost: 0.025, margin: 0.035 },
  ],
  countries: [
    { country: "GR", currency: "EUR", parts: 5, billed: 3, price: 0.15, cost: 0.05, margin: 0.1 },
    { country: "DE", currency: "EUR", parts: 1, billed: 1, price: 0.07, cost: 0.04, margin: 0.03 },
    { country: "GR", currency: "USD", parts: 1, billed: 1, price: 0.06, cost: 0.025, margin: 0.035 },
  ],
};

/** The figures rounded to the micro, as money is. */
function rounded<T extends object>(rows: T[]): T[] {
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" && k !== "marginRate" ? Math.round(v * 1e6) / 1e6 : v])) as T);
}

function check(r: Awaited<ReturnType<typeof connectorMargins>>) {
  expect(rounded(r.totals)).toEqual(expected.totals.map((t) => ({ ...t, marginRate: expect.closeTo(t.marginRate, 9) })));
  expect(rounded(r.connectors).map(({ connectorId: _, marginRate: __, ...rest }) => rest)).toEqual(expected.connectors);
  expect(r.connectors.map((c) => c.connectorId)).toEqual([athens, berlin, "", athens]);
  expect(rounded(r.countries).map(({ marginRate: _, ...rest }) => rest)).toEqual(expected.countries);
}

describe("cost and margin per connector and country", () => {
  it("sums every account's billed parts of the period: price, connector cost and margin, per currency", async () => {
    check(await connectorMargins(db.ctx(), period));
  });

  it("reads the same figures from the hourly rollup as live", async () => {
    for (const h of ["10", "13", "14", "20"]) await rollUpHour(db.ctx(), new Date(`2026-03-01T${h}:00:00Z`));
    const { rows } = await db.ctx().sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM report_hour_connectors WHERE hour >= $1 AND hour < $2`, [period.from, period.to]);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    check(await connectorMargins(db.ctx(), period));
  });

  it("answers platform administrators, and refuses everyone else with 403", async () => {
    const r = await call(margins, { path: `/dashboard/overview/margins?${periodQuery}`, headers: admin });
    expect(r.status).toBe(200);
    expect(r.body.totals[0]).toMatchObject({ currency: "EUR", parts: 6, billed: 4 });
    const refused = await call(margins, { path: `/dashboard/overview/margins?${periodQuery}`, headers: owner });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toMatch(/^403\d{6}$/);
    expect((await call(margins, { path: `/dashboard/overview/margins?${periodQuery}` })).status).toBe(401);
  });

  it("keeps connector costs out of the overview every role reads", async () => {
    const r = await call(overview, { path: `/dashboard/overview?${periodQuery}`, headers: owner });
    expect(r.status).toBe(200);
    expect(r.text).not.toMatch(/margin|connector|Athens|berlin/i);
  });
});
