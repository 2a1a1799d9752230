// B1 --profile: where the time of POST /api/sms goes, measured on extra server starts (each on
// its own fresh database, so B1's own figures are untouched; inline worker off on all of them,
// so everything measured is the request path):
//
// 1. Trace server (PostgreSQL logs every statement of its database; LOG_LEVEL=info for the
//    server-side time of each request): the statements per request, how many messages each send
//    statement stores (group commit) and how long it runs (the account's row is locked that
//    long) — one request at a time, then under B1's load (32 connections, one account), then the
//    same load spread over 16 accounts; the route's framework floor (POST without a token: 401
//    before any database work); and what one database operation costs through Prisma vs the
//    same SQL through the pg pool.
// 2. The empty Next.js route with and without the project's API rewrites (what they add).
// 3. Profile server: a V8 CPU profile (--cpu-prof; it costs a sampling thread, so throughput
//    figures come from 1, not from here) under the floor load and under B1's load: which code
//    the CPU time goes to, by package / source folder via the build's source maps.
import fs from "node:fs";
import path from "node:path";
import type { BenchContext } from "./support/types.ts";
import { runLoad, type LoadResult } from "./support/http-load.ts";
import { fetchToken, smsBody, startSwitchboard } from "./support/switchboard.ts";
import { startEmptyNext } from "./support/empty-next.ts";
import { analyzeSends, readLogEvents, type SendStats } from "./support/pg-trace.ts";
import { type LoadWindow, windowReport } from "./support/cpu-profile.ts";
import { CpuMeter, postgresPids } from "./support/procs.ts";
import { fixed, int, median, ms, sleep } from "./support/stats.ts";

const CONNECTIONS = 32;
const ACCOUNTS = 16;

function sendRow(title: string, s: SendStats, requests: number): string {
  return `| ${title} | ${int(requests)} | ${int(s.sendStatements)} | ${fixed(s.messagesPerStatement ?? NaN, 1)} | ${ms(s.executeMs.p50)} / ${ms(s.executeMs.p95)} |`;
}

/** Per-request server times from the JSON request log lines (LOG_LEVEL=info) of a log file, from a byte offset. */
function requestLogMs(file: string, fromByte: number): number[] {
  const out: number[] = [];
  for (const line of fs.readFileSync(file).subarray(fromByte).toString("utf8").split("\n")) {
    if (!line.includes('"msg":"request"') || !line.includes('"path":"/api/sms"')) continue;
    try {
      out.push((JSON.parse(line) as { ms: number }).ms);
    } catch {
      /* not JSON */
    }
  }
  return out;
}

/**
 * Creates `n` more accounts with an application each in a server's database (in-process, with
 * the core functions, as the seed does) and returns a token for each.
 */
async function moreAccounts(sb: { baseUrl: string; databaseUrl: string }, n: number): Promise<string[]> {
  const { openDatabase } = await import("../lib/db/connection.ts");
  const { contextFor } = await import("../lib/server/context.ts");
  const { createAccount } = await import("../lib/core/accounts/create-account.ts");
  const { createApplication } = await import("../lib/core/applications/create-application.ts");
  const { allScopes } = await import("../lib/core/tokens/scopes.ts");
  const database = await openDatabase({ kind: "postgres", url: sb.databaseUrl, poolSize: 2 });
  try {
    const c = contextFor(database);
    const tokens: string[] = [];
    for (let i = 0; i < n; i++) {
      const account = await createAccount(c, { name: `Bench ${i}`, currency: "EUR", balance: 1_000_000 });
      const { application, secret } = await createApplication(c, { accountId: account.id, name: `Bench ${i}`, scopes: allScopes });
      tokens.push(await fetchToken(sb.baseUrl, application.id, secret));
    }
    return tokens;
  } finally {
    await database.close();
  }
}

export async function profileSendSms(ctx: BenchContext): Promise<void> {
  const out: string[] = ["### B1 --profile — where POST /api/sms spends its time"];
  try {
    await profile(ctx, out);
  } finally {
    ctx.detail(out.join("\n")); // what was measured, even when a later step failed
  }
}

async function profile(ctx: BenchContext, out: string[]): Promise<void> {
  const dur = ctx.quick ? 3000 : 6000;
  const noToken = { "content-type": "application/json" };
  const is401 = (s: number) => s === 401;

  // ---- 1: trace server ---------------------------------------------------------------------
  ctx.log("B1 profile: statement trace (WORKER=off, every statement logged)…");
  const sb = await startSwitchboard(ctx, { database: "bench_trace", simDeliveryDelayMs: 1500, logStatements: true, env: { WORKER: "off", LOG_LEVEL: "info" } });
  const serverLog = path.join(sb.dataDir, "server.log");
  const headers = { "content-type": "application/json", authorization: `Bearer ${sb.token}` };
  const url = `${sb.baseUrl}/api/sms`;
  const meter = new CpuMeter({ server: () => [sb.proc.pid], postgres: () => postgresPids(ctx.pgDataDir) });
  const measured = async (o: Parameters<typeof runLoad>[0]) => {
    meter.snapshot();
    const load = await runLoad(o);
    return { load, cores: meter.delta() };
  };
  await runLoad({ url, connections: 8, durationMs: 2000, headers, body: smsBody }); // warm-up
  await runLoad({ url, connections: 8, durationMs: 1000, headers: noToken, body: smsBody, okStatus: is401 });

  await sleep(200);
  let mark = fs.statSync(ctx.pgLogFile).size;
  let logMark = fs.statSync(serverLog).size;
  const seq = await runLoad({ url, connections: 1, durationMs: dur / 2, headers, body: smsBody });
  await sleep(300);
  const seqTx = analyzeSends(readLogEvents(ctx.pgLogFile, mark), seq.ok);
  const seqServer = requestLogMs(serverLog, logMark);

  const floor = await measured({ url, connections: CONNECTIONS, durationMs: dur / 2, headers: noToken, body: smsBody, okStatus: is401 });

  mark = fs.statSync(ctx.pgLogFile).size;
  logMark = fs.statSync(serverLog).size;
  const loaded = await measured({ url, connections: CONNECTIONS, durationMs: dur, headers, body: smsBody });
  await sleep(300);
  const loadedTx = analyzeSends(readLogEvents(ctx.pgLogFile, mark), loaded.load.ok);
  const loadedServer = requestLogMs(serverLog, logMark);

  // 16 accounts, one application and token each, in the same database; and the cost of single
  // operations, Prisma vs pg.
  const tokens = await moreAccounts(sb, ACCOUNTS);
  const { openDatabase } = await import("../lib/db/connection.ts");
  const { contextFor } = await import("../lib/server/context.ts");
  const database = await openDatabase({ kind: "postgres", url: sb.databaseUrl, poolSize: 2 });
  let perOp: { name: string; wallMs: number; cpuMs: number }[] = [];
  try {
    const c = contextFor(database);
    // One database operation at a time from this process (nothing else runs in it meanwhile):
    // through Prisma (the query is compiled to a plan by the WebAssembly query compiler, then
    // interpreted) vs the same SQL through the same pg pool.
    const id = sb.accountId;
    const opCost = async (name: string, op: () => Promise<unknown>) => {
      for (let i = 0; i < 50; i++) await op();
      const n = ctx.quick ? 200 : 500;
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < n; i++) await op();
      const wallMs = (performance.now() - t0) / n;
      const cpu = process.cpuUsage(cpu0);
      return { name, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 / n };
    };
    perOp = [
      await opCost("prisma.account.findUnique({ where: { id }, select: { currency } })", () => c.db.account.findUnique({ where: { id }, select: { currency: true } })),
      await opCost("the same SELECT through the pg pool (sql.query)", () => c.sql.query("SELECT currency FROM accounts WHERE id = $1", [id])),
      await opCost("prisma.ledgerEntry.create (10 columns, RETURNING all)", () =>
        c.db.ledgerEntry.create({
          data: { accountId: id, kind: "Charge", source: "Usage", description: "bench", amountMicros: 0n, balanceBeforeMicros: 0n, balanceAfterMicros: 0n, createdAt: new Date() },
        }),
      ),
      await opCost("the same INSERT … RETURNING * through the pg pool", () =>
        c.sql.query(
          `INSERT INTO ledger_entries (id, account_id, kind, source, description, amount_micros, balance_before_micros, balance_after_micros, reference, created_at)
           VALUES (gen_random_uuid(), $1, 'Charge', 'Usage', 'bench', 0, 0, 0, '', $2) RETURNING *`,
          [id, new Date()],
        ),
      ),
    ];
  } finally {
    await database.close();
  }
  const perAccount = (i: number) => ({ authorization: `Bearer ${tokens[i % ACCOUNTS]}` });
  await runLoad({ url, connections: 8, durationMs: 1000, headers, headersFor: perAccount, body: smsBody });
  mark = fs.statSync(ctx.pgLogFile).size;
  const spread = await measured({ url, connections: CONNECTIONS, durationMs: dur, headers, headersFor: perAccount, body: smsBody });
  await sleep(300);
  const spreadTx = analyzeSends(readLogEvents(ctx.pgLogFile, mark), spread.load.ok);
  await sb.proc.stop();

  // ---- 2: the empty route with and without the project's rewrites, alternating -------------
  ctx.log("B1 profile: the empty Next.js route with and without the project's rewrites…");
  const plain = await startEmptyNext(ctx);
  const rewritten = await startEmptyNext(ctx, true);
  const empty = { plain: [] as { rps: number; cpu: number }[], rewritten: [] as { rps: number; cpu: number }[] };
  for (const e of [plain, rewritten]) await runLoad({ url: e.url, connections: CONNECTIONS, durationMs: 1500, headers, body: smsBody });
  for (let r = 0; r < (ctx.quick ? 1 : 3); r++)
    for (const key of r % 2 ? (["rewritten", "plain"] as const) : (["plain", "rewritten"] as const)) {
      const e = key === "plain" ? plain : rewritten;
      const m = new CpuMeter({ server: () => [e.proc.pid] });
      m.snapshot();
      const res = await runLoad({ url: e.url, connections: CONNECTIONS, durationMs: dur / 2, headers, body: smsBody });
      empty[key].push({ rps: res.rps, cpu: (m.delta().server! * 1000) / res.rps });
    }
  await Promise.all([plain.proc.stop(), rewritten.proc.stop()]);

  const row = (title: string, x: { load: LoadResult; cores: Record<string, number> }, serverMs = "") =>
    `| ${title} | ${int(x.load.rps)} | ${ms(x.load.p50Ms)} / ${ms(x.load.p99Ms)} | ${serverMs} | ${ms((x.cores.server! * 1000) / x.load.rps)} | ${fixed(x.cores.server!)} | ${fixed(x.cores.postgres!)} | ${fixed(x.cores["load generator"]!)} | ${fixed(x.cores["other processes"]!)} |`;
  const emptyRow = (title: string, xs: { rps: number; cpu: number }[]) =>
    `| ${title}, median of ${xs.length} | ${int(median(xs.map((x) => x.rps)))} | | | ${ms(median(xs.map((x) => x.cpu)))} | | | | |`;
  out.push(
    "",
    "Trace server (inline worker off; PostgreSQL logging every statement, which costs it a little; LOG_LEVEL=info):",
    "",
    `Statements per request, one request at a time: ${fixed(seqTx.perRequest?.total ?? NaN, 1)} (${Object.entries(seqTx.perRequest?.names ?? {})
      .map(([k, v]) => `${k} ×${fixed(v, 1)}`)
      .join(", ")}); each is one round trip from Node to PostgreSQL. Under load: ${fixed(loadedTx.perRequest?.total ?? NaN, 2)} per request (${Object.entries(loadedTx.perRequest?.names ?? {})
      .map(([k, v]) => `${k} ×${fixed(v, 2)}`)
      .join(", ")}).`,
    "",
    "| load | requests | send statements | messages per statement | send statement p50 / p95 (the account's row is locked while it runs; includes waiting for it) |",
    "|---|---:|---:|---:|---:|",
    sendRow("1 connection (one request at a time)", seqTx, seq.ok),
    sendRow(`${CONNECTIONS} connections, 1 account`, loadedTx, loaded.load.ok),
    sendRow(`${CONNECTIONS} connections, ${ACCOUNTS} accounts`, spreadTx, spread.load.ok),
    "",
    "| load | req/s | client p50 / p99 | server-side time per request p50 (request log) | server CPU per request | cores: server | postgres | load generator | other processes |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| 1 connection | ${int(seq.rps)} | ${ms(seq.p50Ms)} / ${ms(seq.p99Ms)} | ${ms(median(seqServer))} | | | | | |`,
    row(`${CONNECTIONS} connections, 1 account`, loaded, ms(median(loadedServer))),
    row(`${CONNECTIONS} connections, ${ACCOUNTS} accounts`, spread),
    row(`${CONNECTIONS} connections, no token → 401 before any database work (the route's framework floor)`, floor),
    emptyRow("the empty Next.js route (B1's anchor)", empty.plain),
    emptyRow("the empty Next.js route + the project's API rewrites (next.config.mjs)", empty.rewritten),
    "",
    "One database operation, one at a time, from the bench process (the same Prisma client and pg adapter setup as the server, `openDatabase()`):",
    "",
    "| operation | wall per op | CPU of the calling process per op |",
    "|---|---:|---:|",
    ...perOp.map((p) => `| ${p.name} | ${ms(p.wallMs)} | ${ms(p.cpuMs)} |`),
  );

  // ---- 3: CPU profiles ----------------------------------------------------------------------
  ctx.log("B1 profile: CPU profiles (WORKER=off, --cpu-prof)…");
  const profDir = ctx.tmpDir("cpu-prof-");
  const prof = await startSwitchboard(ctx, { database: "bench_prof", simDeliveryDelayMs: 1500, env: { WORKER: "off" }, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profDir}`] });
  const pUrl = `${prof.baseUrl}/api/sms`;
  const ph = { "content-type": "application/json", authorization: `Bearer ${prof.token}` };
  await runLoad({ url: pUrl, connections: CONNECTIONS, durationMs: 3000, headers: ph, body: smsBody }); // warm-up
  await runLoad({ url: pUrl, connections: CONNECTIONS, durationMs: 1000, headers: noToken, body: smsBody, okStatus: is401 });
  const w1: LoadWindow = { start: performance.now(), end: 0, exit: 0 };
  const l1 = await runLoad({ url: pUrl, connections: CONNECTIONS, durationMs: dur, headers: ph, body: smsBody });
  w1.end = performance.now();
  const w2: LoadWindow = { start: performance.now(), end: 0, exit: 0 };
  const l2 = await runLoad({ url: pUrl, connections: CONNECTIONS, durationMs: dur / 2, headers: noToken, body: smsBody, okStatus: is401 });
  w2.end = performance.now();
  const pTokens = await moreAccounts(prof, ACCOUNTS);
  const pPerAccount = (i: number) => ({ authorization: `Bearer ${pTokens[i % ACCOUNTS]}` });
  await runLoad({ url: pUrl, connections: 8, durationMs: 1000, headers: ph, headersFor: pPerAccount, body: smsBody });
  const w3: LoadWindow = { start: performance.now(), end: 0, exit: 0 };
  const l3 = await runLoad({ url: pUrl, connections: CONNECTIONS, durationMs: dur, headers: ph, headersFor: pPerAccount, body: smsBody });
  w3.end = performance.now();
  await prof.proc.stop(30_000);
  w1.exit = w2.exit = w3.exit = performance.now();
  out.push(
    "",
    `CPU profile of the server's main thread (inline worker off), POST /api/sms, ${CONNECTIONS} connections, one account (${int(l1.rps)} req/s under the profiler):`,
    "",
    windowReport(profDir, w1, l1.ok),
    "",
    `The same server answering POST /api/sms without a token (401 before any database work; ${int(l2.rps)} req/s under the profiler):`,
    "",
    windowReport(profDir, w2, l2.ok),
    "",
    `The same server, POST /api/sms spread over ${ACCOUNTS} accounts (${int(l3.rps)} req/s under the profiler):`,
    "",
    windowReport(profDir, w3, l3.ok),
  );
}
