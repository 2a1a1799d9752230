// B13: single messages end to end at the API's full rate. B1's load (32 keep-alive connections
// posting POST /api/sms for a fixed time) against a web instance (WORKER=off) and one worker
// process on a fresh PostgreSQL database, the SMSC simulator in a child process answering every
// receipt at once (delivery delay 0). Timed from the first POST to the last message final (its
// final_at, the server's clock on the same machine): completed messages per second, next to the
// accepted rate of the same round. The worker's CPU over that time, per completed message, is
// what a single message costs the worker (submit, Sent, receipt, job bookkeeping). Once more with
// an OnChange callback on every message (three reports each: Queued, Sent, Delivered) to a local
// receiver, whose last report is timed too. And on the embedded default (PGlite, the inline
// worker and the bundled simulator in one process: single-throughput-pglite.ts), where both the
// accepted and the completed rate have a goal.
//
//   npm run bench -- --only B13
//   B13_VARIANTS=pglite npm run bench -- --only B13      (some of postgres, callbacks, pglite)
//   B13_BASELINE=/path/to/checkout …                     (PGlite: that checkout's build too, rounds alternating)
//   B13_SECONDS=120 …                                    (rounds of 120 s instead of 8: a soak)
//   … --profile                                          (PGlite: a CPU profile of the embedded server's rounds)
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { runLoad, type LoadResult } from "./support/http-load.ts";
import { smsBody } from "./support/switchboard.ts";
import { CpuMeter, postgresPids, untilQuiet } from "./support/procs.ts";
import { fixed, int, median, ms, sleep } from "./support/stats.ts";
import { startSim } from "./campaign-throughput.ts";
import { startDeployment } from "../tests/support/deployment.ts";
import { embeddedRounds } from "./single-throughput-pglite.ts";

const CONNECTIONS = 32;
const BINDS = 2;
const WINDOW = 50;
const GOAL = { plain: 0.9, callbacks: 0.7, cpuMs: 2, embeddedRate: 300 };

interface Round {
  load: LoadResult;
  /** From the first POST to the last message final. */
  completedMs: number;
  /** From the first POST to the last report the receiver got (callbacks only). */
  reportedMs?: number;
  /** CPU seconds over the round, to the last message final. */
  cpu: Record<string, number>;
}

/** A callback receiver: answers 200 at once and counts what it got. */
async function startReceiver(ctx: BenchContext): Promise<{ url: string; count: () => number; lastAt: () => number }> {
  let count = 0;
  let lastAt = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.once("end", () => {
      count++;
      lastAt = Date.now();
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  ctx.defer(() => new Promise((r) => server.close(r)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/reports`, count: () => count, lastAt: () => lastAt };
}

/** Waits until no message is Queued or Sent; answers the latest final_at (ms since the epoch) of messages created since `since`. */
async function lastFinal(client: pg.Client, since: Date, timeoutMs = 300_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE status IN ('Queued', 'Sent')`);
    if (rows[0]!.n === 0) break;
    if (Date.now() - started > timeoutMs) throw new Error(`${rows[0]!.n} messages still not final after ${timeoutMs} ms`);
    await sleep(50);
  }
  const { rows } = await client.query<{ at: Date | null }>(`SELECT max(final_at) AS at FROM messages WHERE created_at >= $1`, [since]);
  return rows[0]!.at?.getTime() ?? Date.now();
}

async function variant(ctx: BenchContext, id: string, callbacks: boolean, rounds: number, durationMs: number): Promise<Round[]> {
  const sim = await startSim(ctx, 0);
  const databaseUrl = await ctx.createDatabase(`bench_b13${id}`);
  const d = await startDeployment({
    databaseUrl,
    smscUrl: `${sim.url}?binds=${BINDS}&window=${WINDOW}&tps=0`,
    webs: 1,
    workers: 1,
    workDir: ctx.tmpDir(`b13${id}-`),
    freePort: () => ctx.freePort(),
    log: (m) => ctx.log(`B13${id}: ${m}`),
  });
  ctx.defer(() => d.stop());
  const until = Date.now() + 60_000;
  while ((await sim.sessions()) < BINDS) {
    if (Date.now() > until) throw new Error("the worker did not bind to the simulator");
    await sleep(100);
  }
  const receiver = callbacks ? await startReceiver(ctx) : null;
  const body = receiver ? (i: number) => JSON.stringify({ ...JSON.parse(smsBody(i)), callback: { url: receiver.url, strategy: "OnChange" } }) : smsBody;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  ctx.defer(() => db.end());
  const web = d.webs[0]!.pid;
  const worker = d.workers[0]!.pid;
  const meter = new CpuMeter({ web: () => [web], worker: () => [worker], postgres: () => postgresPids(ctx.pgDataDir) });
  const one = async (duration: number): Promise<Round> => {
    const reportsBefore = receiver?.count() ?? 0;
    const t0 = new Date();
    meter.snapshot();
    const load = await runLoad({
      url: `${d.webUrls[0]}/api/sms`,
      connections: CONNECTIONS,
      durationMs: duration,
      headers: { "content-type": "application/json", authorization: `Bearer ${d.token}` },
      body,
    });
    if (load.errors > load.requests * 0.01) throw new Error(`B13${id}: ${load.errors} of ${load.requests} requests failed (${JSON.stringify(load.statuses)}); first: ${load.firstError}`);
    const last = await lastFinal(db, t0);
    const cores = meter.delta();
    const wall = (Date.now() - t0.getTime()) / 1000;
    const round: Round = { load, completedMs: last - t0.getTime(), cpu: Object.fromEntries(Object.entries(cores).map(([k, v]) => [k, v * wall])) };
    if (receiver) {
      // Three reports per message: Queued, Sent, Delivered.
      const want = reportsBefore + 3 * load.ok;
      const deadline = Date.now() + 300_000;
      while (receiver.count() < want && Date.now() < deadline) await sleep(50);
      if (receiver.count() < want) throw new Error(`B13${id}: ${want - receiver.count()} reports never came`);
      round.reportedMs = receiver.lastAt() - t0.getTime();
    }
    return round;
  };
  ctx.log(`B13${id}: warm-up`);
  await one(ctx.quick ? 1500 : 3000);
  const out: Round[] = [];
  for (let r = 1; r <= rounds; r++) {
    const round = await one(durationMs);
    out.push(round);
    ctx.log(
      `B13${id} round ${r}: accepted ${int(round.load.rps)} msg/s (${int(round.load.ok)} messages), completed ${int(completedRate(round))} msg/s ` +
        `(last final ${ms(round.completedMs)} after the first POST${round.reportedMs !== undefined ? `, last report ${ms(round.reportedMs)}` : ""}), ` +
        `worker ${ms(workerMs(round))} CPU per message`,
    );
  }
  await d.stop();
  return out;
}

const completedRate = (r: { load: LoadResult; completedMs: number }) => (r.load.ok / r.completedMs) * 1000;
const workerMs = (r: Round) => (r.cpu.worker! * 1000) / r.load.ok;

async function run(ctx: BenchContext): Promise<Row[]> {
  const rounds = ctx.quick ? 1 : 2;
  // B13_SECONDS: longer rounds, a soak (does the rate hold as the tables grow?).
  const durationMs = process.env.B13_SECONDS ? Number(process.env.B13_SECONDS) * 1000 : ctx.quick ? 3000 : 8000;
  const wanted = new Set((process.env.B13_VARIANTS ?? "postgres,callbacks,pglite").split(",").map((v) => v.trim()));
  const variants = [
    { id: "", name: "B13", callbacks: false, goal: GOAL.plain, key: "postgres" },
    { id: "cb", name: "B13cb", callbacks: true, goal: GOAL.callbacks, key: "callbacks" },
  ].filter((v) => wanted.has(v.key));
  const rows: Row[] = [];
  const lines =
    variants.length === 0
      ? []
      : [
          `### B13 — single messages end to end: ${CONNECTIONS} connections posting POST /api/sms for ${durationMs / 1000} s, one web instance (WORKER=off) and one worker, SMSC simulator (${BINDS} binds × window ${WINDOW}) answering receipts at once`,
          "",
          "| round | variant | accepted msg/s | messages | last final after | completed msg/s | completed ÷ accepted | CPU per message: worker | web | postgres | last report after |",
          "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ];
  for (const v of variants) {
    const results = await variant(ctx, v.id, v.callbacks, rounds, durationMs);
    for (const [i, r] of results.entries())
      lines.push(
        `| ${i + 1} | ${v.name} | ${int(r.load.rps)} | ${int(r.load.ok)} | ${ms(r.completedMs)} | ${int(completedRate(r))} | ${fixed(completedRate(r) / r.load.rps)} | ${ms(workerMs(r))} | ${ms((r.cpu.web! * 1000) / r.load.ok)} | ${ms((r.cpu.postgres! * 1000) / r.load.ok)} | ${r.reportedMs !== undefined ? ms(r.reportedMs) : ""} |`,
      );
    const ratio = median(results.map((r) => completedRate(r) / r.load.rps));
    const cpu = median(results.map(workerMs));
    rows.push({
      name: `${v.name} single messages completed msg/s (first POST → last final)${v.callbacks ? ", OnChange callbacks" : ""} vs accepted msg/s, same rounds`,
      ours: int(median(results.map(completedRate))),
      anchor: int(median(results.map((r) => r.load.rps))),
      ratio: fixed(ratio),
      goal: `≥ ${v.goal}`,
      met: ratio >= v.goal,
    });
    rows.push({
      name: `${v.name} worker CPU per completed message${v.callbacks ? ", OnChange callbacks" : ""}`,
      ours: ms(cpu),
      anchor: "—",
      ratio: "—",
      goal: v.callbacks ? "— (reported)" : `≤ ${GOAL.cpuMs} ms`,
      met: v.callbacks ? undefined : cpu <= GOAL.cpuMs,
    });
  }
  if (wanted.has("pglite")) {
    // The PostgreSQL variants' server may still be vacuuming what they wrote: the embedded
    // server's rounds start on a quiet machine (90 s at most).
    const started = performance.now();
    const busy = await untilQuiet({ below: 0.2, maxMs: 90_000, sampleMs: 2000 });
    ctx.log(`B13 PGlite: waited ${ms(performance.now() - started)} for the machine to be quiet (${fixed(busy)} cores busy)`);
    lines.push(
      ...(lines.length ? [""] : []),
      `### B13 PGlite — the same load against the embedded default (\`npm start\` without DATABASE_URL: PGlite, the inline worker and the bundled SMSC simulator, 2 binds × window ${WINDOW}, in one process); CPU of that process`,
      "",
      "| round | server | accepted msg/s | messages | last final after | completed msg/s | completed ÷ accepted | server CPU per message |",
      "|---:|---|---:|---:|---:|---:|---:|---:|",
    );
    for (const t of await embeddedRounds(ctx, { connections: CONNECTIONS, rounds, durationMs })) {
      for (const [i, r] of t.rounds.entries())
        lines.push(
          `| ${i + 1} | ${t.label} | ${int(r.load.rps)} | ${int(r.load.ok)} | ${ms(r.completedMs)} | ${int(completedRate(r))} | ${fixed(completedRate(r) / r.load.rps)} | ${ms((r.serverCpu * 1000) / r.load.ok)} |`,
        );
      const accepted = median(t.rounds.map((r) => r.load.rps));
      const completed = median(t.rounds.map(completedRate));
      rows.push({
        name: `B13 PGlite (${t.label}) single messages accepted msg/s, and completed msg/s (first POST → last final), same rounds`,
        ours: int(accepted),
        anchor: int(completed),
        ratio: fixed(completed / accepted),
        goal: `both ≥ ${GOAL.embeddedRate}`,
        met: accepted >= GOAL.embeddedRate && completed >= GOAL.embeddedRate,
      });
    }
  }
  ctx.detail(lines.join("\n"));
  return rows;
}

export const benchmark: Benchmark = { id: "B13", title: "single messages end to end: completed vs accepted", run };
