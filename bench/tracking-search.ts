// B4: the tracking explorer's typical searches through the API (GET /api/dashboard/tracking with
// a signed-in user's session: HTTP, Next.js, auth, zod, the two SQL statements, serialisation)
// against the very same SQL statements run directly on a pg pool, in the same run, on 1M and then
// 2M seeded messages (lib/core/seed/seed-messages.ts: 30 days of a dozen countries' traffic).
//
// The direct SQL is what exploreTracking sends, captured by calling it with a recording context,
// so the anchor cannot drift from the code. Searches alternate ours/anchor; p50 and p95 over all.
//
//   npm run bench -- --only B4
import pg from "pg";
import type { Ctx } from "../lib/core/context.ts";
import { exploreTracking } from "../lib/core/tracking/explore-tracking.ts";
import { seedMessages, seededRecipient } from "../lib/core/seed/seed-messages.ts";
import { trackingExploreQuery } from "../lib/schemas/dashboard-tracking.ts";
import { searchOf } from "../app/api/dashboard/tracking/search.ts";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { fixed, int, percentile } from "./support/stats.ts";
import { startSwitchboard, type Switchboard } from "./support/switchboard.ts";

/** What support staff type all day: a label, a name, and the explorer's query string. */
function typicalSearches(campaignId: string, messageId: string, n: number): Array<{ name: string; query: string }> {
  const number = seededRecipient(Math.floor(n * 0.9));
  return [
    { name: "last 24 h, newest first", query: "range=24h" },
    { name: "last 7 days, failed", query: "range=7d&status=is:Failed" },
    { name: "last 7 days, part of a number", query: `range=7d&to=contains:${number.slice(-6, -1)}` },
    { name: "last 30 days, one number", query: `range=30d&to=is:${encodeURIComponent(number)}` },
    { name: "last 30 days, one campaign", query: `range=30d&campaign=is:${campaignId}` },
    { name: "last 30 days, a trackingId", query: `range=30d&id=is:${messageId}` },
    { name: "last 7 days, country GR", query: "range=7d&country=is:GR" },
    { name: "last 24 h, inbound", query: "range=24h&direction=is:Inbound" },
    { name: "last 7 days, page 20", query: "range=7d&page=19" },
  ];
}

/** Signs the demo user in through next-auth's credentials flow and returns the session cookie. */
async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = res.headers.getSetCookie().find((c) => c.includes("session-token="));
  if (!session) throw new Error(`sign-in failed: ${res.status}`);
  return [...cookies, session.split(";")[0]].join("; ");
}

/** The statements exploreTracking would send for a query string, captured without running them. */
async function statementsFor(query: string, accountId: string, now: Date): Promise<Array<{ text: string; values: unknown[] }>> {
  const q = trackingExploreQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  const captured: Array<{ text: string; values: unknown[] }> = [];
  const sql = {
    query: async (text: string, values: unknown[] = []) => {
      captured.push({ text, values });
      return { rows: text.includes("count(*)") ? [{ n: 0 }] : [] };
    },
  };
  const ctx = { sql, now: () => now } as unknown as Ctx;
  const search = searchOf(q, accountId, now);
  await exploreTracking(ctx, { ...search, sort: q.sort.field, dir: q.sort.dir, page: q.page, size: q.size });
  return captured;
}

async function measure(ctx: BenchContext, sb: Switchboard, cookie: string, pool: pg.Pool, label: string, rounds: number): Promise<Row[]> {
  const ids = await pool.query<{ campaign_id: string; id: string; n: string }>(
    `SELECT (SELECT campaign_id FROM messages WHERE campaign_id IS NOT NULL ORDER BY created_at DESC LIMIT 1) AS campaign_id,
            (SELECT id FROM messages ORDER BY created_at LIMIT 1 OFFSET 1000) AS id,
            (SELECT count(*) FROM messages) AS n`,
  );
  const { campaign_id, id, n } = ids.rows[0]!;
  const searches = typicalSearches(campaign_id, id, Number(n));
  const ours: number[] = [];
  const direct: number[] = [];
  const perSearch: string[] = [];
  for (const s of searches) {
    const url = `${sb.baseUrl}/api/dashboard/tracking?${s.query}`;
    // Warm both paths once (plans, caches), checking the API answers what the SQL finds.
    const warm = await fetch(url, { headers: { cookie } });
    const body = (await warm.json()) as { totalElements?: number; capped?: boolean };
    if (warm.status !== 200) throw new Error(`B4 ${s.name}: ${warm.status} ${JSON.stringify(body).slice(0, 200)}`);
    const oursS: number[] = [];
    const directS: number[] = [];
    for (let r = 0; r < rounds; r++) {
      let t0 = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      await res.arrayBuffer();
      oursS.push(performance.now() - t0);
      // The same statements the route sent, at the same moment, run as the route runs them (together).
      const statements = await statementsFor(s.query, sb.accountId, new Date());
      t0 = performance.now();
      await Promise.all(statements.map((st) => pool.query(st.text, st.values)));
      directS.push(performance.now() - t0);
    }
    ours.push(...oursS);
    direct.push(...directS);
    perSearch.push(
      `| ${s.name} | ${body.capped ? "> " : ""}${body.totalElements ?? "?"} | ${fixed(percentile(oursS, 50), 1)} | ${fixed(percentile(oursS, 95), 1)} | ${fixed(Math.max(...oursS), 1)} | ${fixed(percentile(directS, 50), 1)} | ${fixed(percentile(directS, 95), 1)} |`,
    );
  }
  ctx.detail(
    [
      `B4 on ${label} messages (${int(Number(n))} rows in messages; ${rounds} rounds per search, ms):`,
      "",
      "| search | matches | API p50 | API p95 | API max | SQL p50 | SQL p95 |",
      "|---|---|---|---|---|---|---|",
      ...perSearch,
    ].join("\n"),
  );
  const p50 = percentile(ours, 50);
  const p95 = percentile(ours, 95);
  const d50 = percentile(direct, 50);
  const d95 = percentile(direct, 95);
  return [
    {
      name: `B4 explorer search p95 via the API, ${label} messages (ms)`,
      ours: `p95 ${fixed(p95, 1)} (p50 ${fixed(p50, 1)})`,
      anchor: `p95 ${fixed(d95, 1)} (p50 ${fixed(d50, 1)})`,
      ratio: `${fixed(p95 / d95, 2)}×`,
      goal: "p95 ≤ 25 ms; every search < 300 ms",
      met: p95 <= 25 && Math.max(...ours) < 300,
    },
  ];
}

export const benchmark: Benchmark = {
  id: "B4",
  title: "Tracking explorer searches on 1M and 2M messages, API vs the same SQL",
  async run(ctx) {
    const sb = await startSwitchboard(ctx, { database: "b4", simDeliveryDelayMs: 100 });
    const pool = new pg.Pool({ connectionString: sb.databaseUrl, max: 4 });
    ctx.defer(() => pool.end());
    const cookie = await signIn(sb.baseUrl, sb.userEmail, sb.userPassword);
    const rounds = ctx.quick ? 5 : 30;
    const steps = ctx.quick ? [100_000, 200_000] : [1_000_000, 2_000_000];
    const rows: Row[] = [];
    let seeded = 0;
    const now = new Date();
    for (const target of steps) {
      const t0 = Date.now();
      // The second seed extends the first: the same 30 days, twice the traffic.
      await seedMessages({ query: (text, values) => pool.query(text, values) as never }, { accountId: sb.accountId, messages: target - seeded, days: 30, now, campaigns: 100 });
      ctx.log(`B4: seeded ${int(target - seeded)} messages in ${fixed((Date.now() - t0) / 1000, 1)} s`);
      // The seed wrote 30 days of history at once: the server's reports.rollup job now rolls up
      // those 720 hours (a one-time backfill, ~1 minute of PostgreSQL). Searches are measured on
      // the settled system, not during that backfill.
      const t1 = Date.now();
      for (;;) {
        const { rows } = await pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM report_rollups WHERE hour >= now() - interval '30 days'`);
        if (Number(rows[0]!.n) >= 30 * 24 - 2 || Date.now() - t1 > 300_000) break;
        await new Promise((r) => setTimeout(r, 2000));
      }
      ctx.log(`B4: the rollup backfill took ${fixed((Date.now() - t1) / 1000, 1)} s more`);
      seeded = target;
      rows.push(...(await measure(ctx, sb, cookie, pool, target >= 1_000_000 ? `${target / 1_000_000}M` : `${target / 1000}k`, rounds)));
    }
    // Stopped now, not at the end of the run: its worker goes on expiring the seed's stale
    // messages (tens of thousands, one transaction each) and kept a core busy through the
    // benchmarks after it (B5 and B13 at 14:48 on 2026-11-26).
    await sb.proc.stop();
    return rows;
  },
};
