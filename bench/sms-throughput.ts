// B1: POST /api/sms requests per second, our production server against two anchors measured in
// the same run, alternating round by round (the goal's figure is ours as a user runs it, with the
// inline worker; the same server with WORKER=off — the request path alone, as a web node of a
// deployment with a separate worker — is measured in the same rounds and reported too):
//   - an empty Next.js route handler (bench/empty-next: reads the body, answers {}), served by
//     the same `next start` — what Next.js itself costs per request on this machine;
//   - a bare node:http server doing the same zod validation and ONE raw INSERT through `pg` —
//     what "validate and store" costs without the framework, the ORM and the job queue.
// Each round drives one server with the same closed loop (CONNECTIONS keep-alive connections,
// same bodies and headers) for a fixed time. After each round of ours the inline worker's
// backlog (submits to the SMSC simulator and the receipts SIM_DELIVERY_DELAY_MS later) is waited
// out, so it never steals CPU from the next contender; how long that takes is reported too.
// Per round it also records the cores each process used and, for the two database-backed
// servers, what their database connections were doing (pg_stat_activity samples).
import pg from "pg";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { runLoad, type LoadResult } from "./support/http-load.ts";
import { startSwitchboard, smsBody, type Switchboard } from "./support/switchboard.ts";
import { startEmptyNext } from "./support/empty-next.ts";
import { startBareServer } from "./support/bare-sms-server.ts";
import { CpuMeter, postgresPids } from "./support/procs.ts";
import { sampleActivity, type ActivitySummary } from "./support/pg-activity.ts";
import { fixed, int, median, ms, sleep } from "./support/stats.ts";

const CONNECTIONS = 32;
const GOAL_VS_EMPTY = 0.7;

type Key = "ours" | "oursOff" | "empty" | "bare" | "routed";
const label: Record<Key, string> = {
  ours: "ours (POST /api/sms)",
  routed: "ours with 50 route rules (B1c)",
  oursOff: "ours, WORKER=off (request path alone)",
  empty: "empty Next.js route",
  bare: "bare node:http + zod + 1 INSERT",
};

interface Measured {
  load: LoadResult;
  cores: Record<string, number>;
  activity?: ActivitySummary;
  drainMs?: number;
  /** Messages not final when the load stopped, and the cores the server used to finish them. */
  drainPending?: number;
  drainCores?: number;
}

/**
 * Waits until every message of ours is final (the worker's backlog is done); returns the time it
 * took and how many messages were not final at the start.
 */
export async function drain(databaseUrl: string, timeoutMs = 180_000): Promise<{ ms: number; pending: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  let pending = -1;
  try {
    for (;;) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE status IN ('Queued', 'Sent')`);
      if (pending < 0) pending = rows[0]!.n;
      if (rows[0]!.n === 0) return { ms: performance.now() - started, pending };
      if (performance.now() - started > timeoutMs) throw new Error(`${rows[0]!.n} messages still not final after ${timeoutMs} ms`);
      await sleep(100);
    }
  } finally {
    await client.end();
  }
}

/**
 * B1c's 50 routing rules: 49 that the bench's destinations (+30691234…) do not match — other
 * countries, prefixes, networks, kinds and accounts, as an operator's table would hold — then one
 * for Greece, each with two connectors (the default one and one that is stopped), so every part
 * of B1c is matched against all 50 and routed by the last.
 */
async function addRouteRules(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(`SELECT id::text FROM connectors WHERE name = 'default'`);
    const spare = await client.query<{ id: string }>(`INSERT INTO connectors (name, host, port, enabled) VALUES ('spare', '127.0.0.1', 1, false) RETURNING id::text`);
    const pair = [rows[0]!.id, spare.rows[0]!.id];
    const countries = ["CY", "DE", "FR", "IT", "ES", "PT", "NL", "BE", "AT", "CH", "SE", "NO", "DK", "FI", "PL", "CZ", "HU", "RO", "BG"];
    const rules: [string, string, string, string][] = [];
    for (const c of countries) rules.push([c, "", "", ""]);
    for (let i = 0; i < 15; i++) rules.push(["GR", `3021${i}`, "", ""]);
    for (let i = 0; i < 10; i++) rules.push(["GR", "", `2020${i}`, ""]);
    for (const k of ["campaign", "otp", "pool"]) rules.push(["GR", "", "", k]);
    rules.push(["US", "", "", ""], ["GB", "", "", ""]);
    rules.push(["GR", "", "", ""]);
    for (const [i, [country, prefix, network, kind]] of rules.entries())
      await client.query(`INSERT INTO routes (position, country, prefix, network, kind, strategy, connector_ids) VALUES ($1, $2, $3, $4, $5, 'priority', $6::uuid[])`, [
        i + 1,
        country,
        prefix,
        network,
        kind,
        pair,
      ]);
  } finally {
    await client.end();
  }
}

/** B1c's parts by whether the router recorded their connector. */
async function connectorsUsed(databaseUrl: string): Promise<{ routed: number; unrouted: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ routed: number; unrouted: number }>(
      `SELECT count(*) FILTER (WHERE connector_id IS NOT NULL)::int AS routed, count(*) FILTER (WHERE connector_id IS NULL)::int AS unrouted FROM message_parts`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

async function countMessages(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM messages")).rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function run(ctx: BenchContext): Promise<Row[]> {
  const rounds = ctx.quick ? 1 : 3;
  const durationMs = ctx.quick ? 3000 : 8000;
  const warmupMs = ctx.quick ? 1500 : 3000;

  ctx.log("B1: starting our server, the empty Next.js app and the bare server…");
  const ours: Switchboard = await startSwitchboard(ctx, { database: "bench_sms", simDeliveryDelayMs: 1500 });
  const oursOff: Switchboard = await startSwitchboard(ctx, { database: "bench_sms_off", simDeliveryDelayMs: 1500, env: { WORKER: "off" } });
  const routed: Switchboard = await startSwitchboard(ctx, { database: "bench_sms_routed", simDeliveryDelayMs: 1500 });
  await addRouteRules(routed.databaseUrl);
  const empty = await startEmptyNext(ctx);
  const bare = await startBareServer(ctx);

  const pgData = `${ctx.pgDataDir}`;
  // The same headers for every server (the empty and bare ones ignore the token); oursOff's own token.
  const headers = { "content-type": "application/json", authorization: `Bearer ${ours.token}` };
  const headersFor = (key: Key) =>
    key === "oursOff" ? { ...headers, authorization: `Bearer ${oursOff.token}` } : key === "routed" ? { ...headers, authorization: `Bearer ${routed.token}` } : headers;
  const targets: Record<Key, { url: string; pid: number; database?: string; databaseUrl?: string }> = {
    ours: { url: `${ours.baseUrl}/api/sms`, pid: ours.proc.pid, database: "bench_sms", databaseUrl: ours.databaseUrl },
    oursOff: { url: `${oursOff.baseUrl}/api/sms`, pid: oursOff.proc.pid, database: "bench_sms_off", databaseUrl: oursOff.databaseUrl },
    routed: { url: `${routed.baseUrl}/api/sms`, pid: routed.proc.pid, database: "bench_sms_routed", databaseUrl: routed.databaseUrl },
    empty: { url: empty.url, pid: empty.proc.pid },
    bare: { url: bare.url, pid: bare.proc.pid, database: "bench_bare", databaseUrl: bare.databaseUrl },
  };

  const measure = async (key: Key, duration: number, record: boolean): Promise<Measured> => {
    const t = targets[key];
    const meter = new CpuMeter({ server: () => [t.pid], postgres: () => postgresPids(pgData) });
    const activity = record && t.database ? await sampleActivity(ctx.pgUrl, t.database) : undefined;
    meter.snapshot();
    const load = await runLoad({ url: t.url, connections: CONNECTIONS, durationMs: duration, headers: headersFor(key), body: smsBody });
    const cores = meter.delta();
    const summary = await activity?.stop();
    if (load.errors > load.requests * 0.01) throw new Error(`${label[key]}: ${load.errors} of ${load.requests} requests failed (${JSON.stringify(load.statuses)}); first: ${load.firstError}`);
    const m: Measured = { load, cores, activity: summary };
    if (key === "ours" || key === "routed") {
      const dm = new CpuMeter({ server: () => [t.pid] });
      dm.snapshot();
      const d = await drain(t.databaseUrl!);
      m.drainCores = dm.delta().server;
      m.drainMs = d.ms;
      m.drainPending = d.pending;
    }
    return m;
  };

  ctx.log(`B1: warm-up, ${warmupMs} ms each`);
  const keys: Key[] = ["ours", "empty", "bare", "oursOff", "routed"];
  for (const key of keys) await measure(key, warmupMs, false);

  const results: Record<Key, Measured[]> = { ours: [], oursOff: [], empty: [], bare: [], routed: [] };
  const accepted = { ours: 0, oursOff: 0, routed: 0 };
  const before = { ours: await countMessages(ours.databaseUrl), oursOff: await countMessages(oursOff.databaseUrl), routed: await countMessages(routed.databaseUrl) };
  for (let r = 0; r < rounds; r++) {
    const order = keys.map((_, i) => keys[(i + r) % keys.length]!);
    for (const key of order) {
      const m = await measure(key, durationMs, true);
      results[key].push(m);
      if (key === "ours" || key === "oursOff" || key === "routed") accepted[key] += m.load.ok;
      ctx.log(
        `B1 round ${r + 1}/${rounds} ${label[key]}: ${int(m.load.rps)} req/s (p50 ${ms(m.load.p50Ms)}, p99 ${ms(m.load.p99Ms)})${m.drainMs !== undefined ? `, backlog drained in ${ms(m.drainMs)}` : ""}`,
      );
    }
  }
  for (const [key, sb] of [
    ["ours", ours],
    ["oursOff", oursOff],
    ["routed", routed],
  ] as const) {
    const stored = (await countMessages(sb.databaseUrl)) - before[key];
    if (stored !== accepted[key]) throw new Error(`${label[key]} answered 2xx ${accepted[key]} times but stored ${stored} messages`);
  }

  const med = (key: Key) => median(results[key].map((m) => m.load.rps));
  const o = med("ours");
  const e = med("empty");
  const b = med("bare");
  const off = med("oursOff");
  const routedRps = med("routed");
  const routedParts = await connectorsUsed(routed.databaseUrl);
  const paired = (anchor: Key, of: Key = "ours") => median(results[of].map((m, i) => m.load.rps / results[anchor][i]!.load.rps));

  // Details: every round, then where the CPU and the database connections went (medians).
  const lines: string[] = [];
  lines.push(`### B1 — POST /api/sms req/s, ${CONNECTIONS} keep-alive connections, ${durationMs / 1000} s per round, ${rounds} rounds (alternating)`);
  lines.push("");
  lines.push("| round | server | req/s | p50 | p99 | server CPU per request | cores: server | postgres | load generator | other processes | backlog drain |");
  lines.push("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (let r = 0; r < rounds; r++)
    for (const key of keys) {
      const m = results[key][r]!;
      lines.push(
        `| ${r + 1} | ${label[key]} | ${int(m.load.rps)} | ${ms(m.load.p50Ms)} | ${ms(m.load.p99Ms)} | ${ms((m.cores.server! * 1000) / m.load.rps)} | ${fixed(m.cores.server!)} | ${fixed(m.cores.postgres!)} | ${fixed(m.cores["load generator"]!)} | ${fixed(m.cores["other processes"]!)} | ${m.drainMs !== undefined ? ms(m.drainMs) : ""} |`,
      );
    }
  lines.push("");
  lines.push(`Paired (per-round) ratios, median: ours ÷ empty ${fixed(paired("empty"))}, ours ÷ bare ${fixed(paired("bare"))}; ` + `with WORKER=off ÷ empty ${fixed(paired("empty", "oursOff"))}.`);
  const drains = results.ours.map((m) => m.drainMs!);
  const sustained = median(results.ours.map((m) => m.load.ok / ((durationMs + m.drainMs!) / 1000)));
  const drainCpuPerMessage = median(results.ours.map((m) => (m.drainCores! * m.drainMs!) / Math.max(1, m.drainPending!)));
  lines.push(
    `After each ${durationMs / 1000} s round of ours, ${int(median(results.ours.map((m) => m.drainPending!)))} messages (median) were not final yet; the inline worker needed a median ${ms(median(drains))} more ` +
      `to submit them and apply their receipts (which come 1500 ms after the submit), using ${fixed(median(results.ours.map((m) => m.drainCores!)))} cores of the server ` +
      `(≈ ${ms(drainCpuPerMessage)} of CPU per message finished). Accepted-and-completed throughput: ${int(sustained)} messages/s.`,
  );
  for (const key of ["ours", "oursOff", "bare"] as Key[]) {
    const acts = results[key].map((m) => m.activity!).filter(Boolean);
    // States that held at least 0.01 connections on average (the rest is noise).
    const classes = [...new Set(acts.flatMap((a) => Object.keys(a.mean)))].filter((c) => median(acts.map((a) => a.mean[c] ?? 0)) >= 0.01).sort();
    if (classes.length === 0) continue;
    lines.push("");
    lines.push(`${label[key]} — its database connections (mean number in each state, pg_stat_activity sampled every 20 ms):`);
    lines.push("");
    lines.push("| state | connections |");
    lines.push("|---|---:|");
    for (const c of classes) lines.push(`| ${c} | ${fixed(median(acts.map((a) => a.mean[c] ?? 0)))} |`);
    const waits = [...new Set(acts.flatMap((a) => Object.keys(a.lockWaits)))];
    for (const w of waits.filter((w) => median(acts.map((a) => a.lockWaits[w] ?? 0)) >= 0.01)) lines.push(`| ↳ lock wait on ${w} | ${fixed(median(acts.map((a) => a.lockWaits[w] ?? 0)))} |`);
  }
  lines.push("");
  lines.push(`B1c: ${int(routedParts.routed)} parts carried by the connector the 50th rule names, ${int(routedParts.unrouted)} by none (the worker routed every part).`);
  ctx.detail(lines.join("\n"));

  if (ctx.profile) {
    await Promise.all([ours.proc.stop(), oursOff.proc.stop(), routed.proc.stop(), empty.proc.stop(), bare.proc.stop()]);
    const { profileSendSms } = await import("./sms-profile.ts");
    await profileSendSms(ctx);
  }

  return [
    {
      name: "B1 POST /api/sms req/s vs empty Next.js route",
      ours: int(o),
      anchor: int(e),
      ratio: fixed(o / e),
      goal: `≥ ${GOAL_VS_EMPTY}`,
      met: o / e >= GOAL_VS_EMPTY,
    },
    {
      name: "B1c POST /api/sms req/s with 50 route rules vs B1 (ours) in the same rounds",
      ours: int(routedRps),
      anchor: int(o),
      ratio: fixed(paired("ours", "routed")),
      goal: "≥ 0.95",
      met: paired("ours", "routed") >= 0.95 && routedParts.routed > 0 && routedParts.unrouted === 0,
    },
    {
      name: "B1 POST /api/sms req/s, WORKER=off (the request path alone) vs empty Next.js route",
      ours: int(off),
      anchor: int(e),
      ratio: fixed(off / e),
      goal: "— (reported)",
    },
    {
      name: "B1 POST /api/sms req/s vs bare node:http + zod + 1 INSERT",
      ours: int(o),
      anchor: int(b),
      ratio: fixed(o / b),
      goal: "— (reported)",
    },
  ];
}

export const benchmark: Benchmark = { id: "B1", title: "POST /api/sms requests/second", run };
