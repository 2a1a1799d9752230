// B12: SMS short links (issue 21), two figures against anchors measured in the same run:
//   - GET /l/{code} redirects per second (302, the click queued and written in batches) against
//     the empty Next.js route handler (bench/empty-next, a POST with an empty body: the least a
//     route of `next start` costs), the same closed loop alternating round by round; after each
//     round of ours the clicks written are counted, so the figure is of clicks recorded.
//   - B2 with trackLinks: a campaign whose body holds two links, sent with trackLinks (each
//     recipient's own short links, created in the batches that store the messages) and without,
//     alternating; POST to the last submit_sm acknowledged.
//
//   npm run bench -- --only B12 [--quick]
import pg from "pg";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { runLoad, type LoadResult } from "./support/http-load.ts";
import { startSwitchboard, type Switchboard } from "./support/switchboard.ts";
import { startEmptyNext } from "./support/empty-next.ts";
import { fixed, int, median, ms, sleep } from "./support/stats.ts";
import { recipient, startSim, type Sim } from "./campaign-throughput.ts";

const CONNECTIONS = 32;
const BODY = "Spring sale: 20% off until Sunday at https://shop.example/spring-sale?ref=sms and our FAQ at https://shop.example/faq";

async function campaignRound(ctx: BenchContext, server: Switchboard, sim: Sim, n: number, trackLinks: boolean, label: string): Promise<{ total: number; id: string }> {
  const before = await sim.submitted();
  const lastAck = sim.when(before + n);
  const t0 = Date.now();
  const res = await fetch(`${server.baseUrl}/api/sms/campaign`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      from: "Switchboard",
      body: BODY,
      to: Array.from({ length: n }, (_, i) => recipient(i)),
      trackLinks,
      campaignName: `B12 ${trackLinks ? "links" : "plain"} ${Date.now() % 1_000_000}`,
    }),
  });
  const answer = (await res.json()) as { trackingId?: string; totalMessages?: number };
  if (res.status !== 200 || answer.totalMessages !== n) throw new Error(`campaign refused: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  const total = (await lastAck) - t0;
  ctx.log(`B12 campaign ${label}: ${total} ms`);
  return { total, id: answer.trackingId! };
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Waits for the clicks of a round to be written (the writer flushes every 100 ms). */
async function clicksWritten(url: string, expected: number): Promise<number> {
  let n = 0;
  for (let i = 0; i < 50; i++) {
    n = (await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM link_clicks`))[0]!.n;
    if (n >= expected) break;
    await sleep(100);
  }
  return n;
}

export const benchmark: Benchmark = {
  id: "B12",
  title: "SMS short links: redirects/s vs empty route; B2 with trackLinks vs without",
  async run(ctx: BenchContext): Promise<Row[]> {
    const n = ctx.quick ? 3000 : 30_000;
    const rounds = ctx.quick ? 1 : 3;
    const durationMs = ctx.quick ? 3000 : 8000;
    const sim = await startSim(ctx);
    const server = await startSwitchboard(ctx, { database: "bench_b12", simDeliveryDelayMs: 1000, env: { SMSC_URL: `${sim.url}?binds=2&window=50&tps=0` } });
    const empty = await startEmptyNext(ctx);

    // Campaigns: a warm-up of each, then alternating rounds.
    await campaignRound(ctx, server, sim, n, false, "warm-up without");
    const warm = await campaignRound(ctx, server, sim, n, true, "warm-up with trackLinks");
    const plain: number[] = [];
    const tracked: number[] = [];
    for (let r = 1; r <= rounds; r++) {
      if (r % 2 === 1) {
        plain.push((await campaignRound(ctx, server, sim, n, false, `round ${r} without`)).total);
        tracked.push((await campaignRound(ctx, server, sim, n, true, `round ${r} with trackLinks`)).total);
      } else {
        tracked.push((await campaignRound(ctx, server, sim, n, true, `round ${r} with trackLinks`)).total);
        plain.push((await campaignRound(ctx, server, sim, n, false, `round ${r} without`)).total);
      }
    }

    // Redirects: the warm-up campaign's codes (its messages stored by now), a few thousand of them.
    let codes: string[] = [];
    for (let i = 0; i < 100 && codes.length < Math.min(2000, n); i++) {
      codes = (await query<{ code: string }>(server.databaseUrl, `SELECT code FROM short_links WHERE campaign_id = $1::uuid LIMIT 2000`, [warm.id])).map((r) => r.code);
      await sleep(100);
    }
    if (codes.length === 0) throw new Error("no short links were stored");
    const headers = { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148" };
    const redirect = (duration: number) =>
      runLoad({
        url: `${server.baseUrl}/l/${codes[0]}`,
        method: "GET",
        connections: CONNECTIONS,
        durationMs: duration,
        headers,
        pathFor: (i) => `/l/${codes[i % codes.length]}`,
        okStatus: (s) => s === 302,
      });
    const anchor = (duration: number) => runLoad({ url: empty.url, method: "POST", connections: CONNECTIONS, durationMs: duration, headers, body: () => "" });
    await redirect(ctx.quick ? 1000 : 3000);
    await anchor(ctx.quick ? 1000 : 3000);
    const ours: LoadResult[] = [];
    const base: LoadResult[] = [];
    let recorded = await clicksWritten(server.databaseUrl, 0);
    const counted: number[] = [];
    for (let r = 1; r <= rounds; r++) {
      const measureOurs = async () => {
        const before = recorded;
        const o = await redirect(durationMs);
        recorded = await clicksWritten(server.databaseUrl, before + o.ok);
        counted.push(recorded - before);
        ours.push(o);
        ctx.log(`B12 round ${r}: ${int(o.rps)} redirects/s (p50 ${ms(o.p50Ms)}, p99 ${ms(o.p99Ms)}), ${recorded - before} of ${o.ok} clicks written`);
      };
      const measureAnchor = async () => {
        const a = await anchor(durationMs);
        base.push(a);
        ctx.log(`B12 round ${r}: empty route ${int(a.rps)} req/s`);
      };
      if (r % 2 === 1) {
        await measureOurs();
        await measureAnchor();
      } else {
        await measureAnchor();
        await measureOurs();
      }
    }
    const rps = median(ours.map((o) => o.rps));
    const anchorRps = median(base.map((a) => a.rps));
    const clicksOk = ours.every((o, i) => counted[i]! >= o.ok);
    const mt = median(tracked);
    const mp = median(plain);
    ctx.detail(
      [
        `### B12 — SMS short links`,
        "",
        `Redirects per round: ${ours.map((o) => int(o.rps)).join(", ")} /s (p50 ${ours.map((o) => ms(o.p50Ms)).join(", ")}; p99 ${ours.map((o) => ms(o.p99Ms)).join(", ")}; ${CONNECTIONS} connections, ${codes.length} codes); ` +
          `clicks written ${counted.join(", ")} of ${ours.map((o) => o.ok).join(", ")}. Empty route: ${base.map((a) => int(a.rps)).join(", ")} req/s.`,
        `Campaign of ${n.toLocaleString("en")} with two links, POST → last ack (ms): without trackLinks ${plain.join(", ")}; with ${tracked.join(", ")}.`,
      ].join("\n"),
    );
    return [
      {
        name: `B12 GET /l/{code} redirects/s (302, click written) vs empty Next.js route, same run`,
        ours: int(rps),
        anchor: int(anchorRps),
        ratio: fixed(rps / anchorRps),
        goal: "≥ 0.8, every click written",
        met: rps / anchorRps >= 0.8 && clicksOk,
      },
      {
        name: `B12 ${n / 1000}k campaign with two links: trackLinks vs without, POST → last ack, ms`,
        ours: int(mt),
        anchor: int(mp),
        ratio: fixed(mt / mp),
        goal: "≤ 1.2",
        met: mt / mp <= 1.2,
      },
    ];
  },
};
