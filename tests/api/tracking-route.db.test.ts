// Tracking shows the route (issue 16): the explorer's Connector column and its filter by
// connector name (or "none"), the export's connector column, the names the filter offers, and
// the message drawer's data with every part's hops and the connector that carried it.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as explore } from "../../app/api/dashboard/tracking/route.ts";
import { GET as exportCsv } from "../../app/api/dashboard/tracking/export/route.ts";
import { GET as connectorList } from "../../app/api/dashboard/tracking/connectors/route.ts";
import { GET as messageDetail } from "../../app/api/dashboard/messages/[trackingId]/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call } from "../support/http.ts";

const db = useTestDatabase();

const throttled = "ESME_RTHROTTLED (0x00000058): throttling error (too many submits)";
let owner: { cookie: string };
let accountId: string;
const connector: Record<"athens" | "berlin" | "gone", string> = { athens: crypto.randomUUID(), berlin: crypto.randomUUID(), gone: crypto.randomUUID() };
const m: Record<string, string> = {};

/** A Delivered message a few minutes old whose parts carry the given connector and hops. */
async function seedMessage(to: string, minutesAgo: number, parts: { connectorId: string | null; hops?: { connector: string; description: string }[]; status?: string }[]) {
  const id = crypto.randomUUID();
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await db.ctx().sql.query(
    `INSERT INTO messages (id, account_id, "from", "to", body, country, parts, body_analysis, status, status_at, price_micros, created_at, expires_at)
     VALUES ($1, $2, 'Shop', $3, 'Hello', 'GR', $4, '{}', 'Delivered', $5, 50000, $5, $5)`,
    [id, accountId, to, parts.length, at],
  );
  for (const [i, p] of parts.entries())
    await db.ctx().sql.query(
      `INSERT INTO message_parts (id, message_id, account_id, part_number, text, status, status_at, price_micros, cost_micros, connector_id, route_hops, created_at)
       VALUES (gen_random_uuid(), $1, $2, $3, 'Hello', $4, $5, 50000, 20000, $6, $7::jsonb, $5)`,
      [id, accountId, i + 1, p.status ?? "Delivered", at, p.connectorId, p.hops ? JSON.stringify(p.hops) : null],
    );
  return id;
}

beforeAll(async () => {
  await db.ctx().sql.query(`INSERT INTO connectors (id, name, host, port) VALUES ($1, 'Athens', '127.0.0.1', 2775), ($2, 'berlin-bulk', '127.0.0.1', 2776)`, [connector.athens, connector.berlin]);
  const a = await makeAccount(db.ctx());
  accountId = a.account.id;
  owner = { cookie: await sessionCookie(a.user.id) };
  // Athens throttled it, Berlin took it.
  m.failedOver = await seedMessage("+306912345601", 1, [{ connectorId: connector.berlin, hops: [{ connector: "Athens", description: throttled }] }]);
  m.athens = await seedMessage("+306912345602", 2, [{ connectorId: connector.athens }, { connectorId: connector.athens }]);
  m.none = await seedMessage("+306912345603", 3, [{ connectorId: null }]);
  // A connector removed since: the part keeps its id.
  m.gone = await seedMessage("+306912345604", 4, [{ connectorId: connector.gone }]);
});

const search = (query: string) => call(explore, { path: `/dashboard/tracking?${query}`, headers: owner });
const rows = async (query: string) => (await search(query)).body.content.map((c: { trackingId: string; connector: string }) => [c.trackingId, c.connector]);

describe("the explorer's connector", () => {
  it("shows the name of the connector that carried each part, blank for none", async () => {
    expect(await rows("")).toEqual([
      [m.failedOver, "berlin-bulk"],
      [m.athens, "Athens"],
      [m.athens, "Athens"],
      [m.none, ""],
      [m.gone, `removed ${connector.gone.slice(0, 8)}`],
    ]);
  });

  it("filters by connector name, by none, and by is not (which keeps the parts without one)", async () => {
    const ids = async (q: string) => (await rows(q)).map((r: string[]) => r[0]);
    expect(await ids("connector=is:Athens")).toEqual([m.athens, m.athens]);
    expect(await ids("connector=athens")).toEqual([m.athens, m.athens]); // "is" by default, any letter case
    expect(await ids("connector=is:berlin-bulk")).toEqual([m.failedOver]);
    expect(await ids("connector=is:none")).toEqual([m.none]);
    expect(await ids("connector=is_not:none")).toEqual([m.failedOver, m.athens, m.athens, m.gone]);
    expect(await ids("connector=is_not:Athens")).toEqual([m.failedOver, m.none, m.gone]);
    expect(await ids("connector=contains:bulk")).toEqual([m.failedOver]);
    expect(await ids("connector=is:nowhere")).toEqual([]);
    // With the other filters, and counted like the page.
    expect(await ids("connector=is:Athens&to=is:%2B306912345602")).toEqual([m.athens, m.athens]);
    expect((await search("connector=is:Athens")).body.totalElements).toBe(2);
    expect((await search("connector=is_not:Athens&to=contains:69123456")).body.totalElements).toBe(3);
  });

  it("offers the connectors' names to the filter", async () => {
    const r = await call(connectorList, { path: "/dashboard/tracking/connectors", headers: owner });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ connectors: ["Athens", "berlin-bulk"] });
    expect((await call(connectorList, { path: "/dashboard/tracking/connectors" })).status).toBe(401);
  });

  it("exports the connector of each part, and follows the filter", async () => {
    const r = await call(exportCsv, { path: "/dashboard/tracking/export?range=1h&connector=is:berlin-bulk", headers: owner });
    expect(r.status).toBe(200);
    const [header, ...lines] = r.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    const column = header!.split(",").indexOf("connector");
    expect(column).toBeGreaterThan(0);
    expect(lines.map((l) => l.split(",")[column])).toEqual(["berlin-bulk"]);
  });
});

describe("the message drawer's route", () => {
  const detail = (trackingId: string) => call(messageDetail, { path: `/dashboard/messages/${trackingId}`, headers: owner, params: { trackingId } });

  it("carries every hop of each part and the connector that took it", async () => {
    const r = await detail(m.failedOver);
    expect(r.status).toBe(200);
    expect(r.body.parts).toEqual([expect.objectContaining({ part: 1, status: "Delivered", connector: "berlin-bulk", hops: [{ connector: "Athens", description: throttled }] })]);
  });

  it("has no hops for a part that went straight through, and no connector for one no connector carried", async () => {
    expect((await detail(m.athens)).body.parts.map((p: { connector: string; hops: unknown[] }) => [p.connector, p.hops])).toEqual([
      ["Athens", []],
      ["Athens", []],
    ]);
    expect((await detail(m.none)).body.parts[0]).toMatchObject({ connector: "", hops: [] });
  });
});
