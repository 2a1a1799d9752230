// B11: the webhook center (issue 20), two measurements.
//
// B11 replay — a bulk replay of N failed callbacks (POST /webhooks/replays' core verb with a
// filter and its confirmation: the callbacks marked in one statement, handed to delivery in
// chunks by the job webhooks.replay) to a receiver answering at once, against B5's plain
// delivery of N pending callbacks (rows and jobs inserted directly, as bench/callback-delivery.ts
// does), same worker, same receiver, rounds alternating; both clocks run until the last callback
// is stored delivered. Goal: replay throughput ≥ 0.8 × plain.
//
// B11 log — the delivery log's filtered pages (listDeliveries, the API's core call) with 5M
// callback attempts stored (2.5M callbacks of one account, two attempts each, 30 days, 20 hosts,
// seven kinds, 8 % failed, 2 % paused), each query run 200 times: p95 of ours vs the same SQL text
// run directly on a pg client. Goal: p95 < 50 ms.
//
//   npm run bench -- --only B11 [--quick]     (--quick: 1,000 replays, 250k callbacks)
import "./support/bench-env.ts";
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { openDatabase } from "../lib/db/connection.ts";
import { migrate } from "../lib/db/migrate.ts";
import { startWorker } from "../lib/server/worker.ts";
import { contextFor } from "../lib/server/context.ts";
import { wakeWorkers } from "../lib/jobs/wake.ts";
import { deliverCallback } from "../lib/core/callbacks/deliver-callback.ts";
import { replayCallbacks, replayJob } from "../lib/core/callbacks/replay-callbacks.ts";
import { listDeliveries, listDeliveriesSql } from "../lib/core/callbacks/list-deliveries.ts";
import type { DeliveryFilter } from "../lib/core/callbacks/delivery-filter.ts";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { fixed, int, median, ms, percentile, sleep } from "./support/stats.ts";

async function startReceiver(ctx: BenchContext): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...process.execArgv, path.join(import.meta.dirname, "callback-delivery.ts"), "--receiver", "0"], { stdio: ["pipe", "pipe", "inherit"] });
  ctx.defer(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", (l) => resolve(l.trim()));
    child.once("exit", (code) => reject(new Error(`receiver exited (${code})`)));
  });
  return { url, child };
}

const payload = (i: number) =>
  JSON.stringify({ messageId: crypto.randomUUID(), status: { name: "Delivered", date: new Date().toISOString() }, to: `+30691234${String(i % 10_000).padStart(4, "0")}`, smsCount: 1 });

async function measureReplay(ctx: BenchContext) {
  const url = await ctx.createDatabase("bench_webhook_replay");
  const database = await openDatabase({ kind: "postgres", url, poolSize: 10 });
  ctx.defer(() => database.close().catch(() => {}));
  await migrate(database.sql);
  const sql = new pg.Pool({ connectionString: url, max: 3 });
  ctx.defer(() => sql.end().catch(() => {}));
  const accountId = (await sql.query<{ id: string }>("INSERT INTO accounts (id, name) VALUES (gen_random_uuid(), 'bench') RETURNING id")).rows[0]!.id;
  const worker = await startWorker(database, [deliverCallback, replayJob]);
  ctx.defer(() => worker.stop(5000).catch(() => {}));
  const core = contextFor(database);
  await core.enqueue.prepare([deliverCallback, replayJob]);
  const receiver = await startReceiver(ctx);

  async function reset() {
    await sql.query("TRUNCATE callback_attempts, callbacks, webhook_endpoints, webhook_replays");
    await sql.query("DELETE FROM pgboss.job WHERE name = $1", [replayJob.name]);
    await sql.query("VACUUM ANALYZE callbacks, callback_attempts, pgboss.job");
  }

  /** Waits until no callback is left undelivered; answers per second from t0 to the last completion. */
  async function finished(n: number, t0: number): Promise<number> {
    for (;;) {
      const r = await sql.query<{ left: number; failed: number }>(
        "SELECT count(*) FILTER (WHERE state <> 'delivered')::int AS left, count(*) FILTER (WHERE state = 'failed' AND completed_at IS NOT NULL AND attempts > 1)::int AS failed FROM callbacks",
      );
      if (r.rows[0]!.failed) throw new Error(`${r.rows[0]!.failed} callbacks failed`);
      if (r.rows[0]!.left === 0) break;
      await sleep(100);
    }
    const end = await sql.query<{ t: Date; attempts: number }>("SELECT max(completed_at) AS t, (SELECT count(*)::int FROM callback_attempts) AS attempts FROM callbacks");
    if (end.rows[0]!.attempts !== n) throw new Error(`${end.rows[0]!.attempts} attempts for ${n} callbacks`);
    return (n / (end.rows[0]!.t.getTime() - t0)) * 1000;
  }

  async function plain(n: number): Promise<number> {
    await reset();
    const ids = Array.from({ length: n }, () => crypto.randomUUID());
    const client = await sql.connect();
    try {
      await client.query("BEGIN");
      await client.query(`INSERT INTO callbacks (id, account_id, kind, url, payload, created_at) SELECT id, $2, 'sms.status', $3, p::jsonb, now() FROM unnest($1::uuid[], $4::text[]) AS x(id, p)`, [
        ids,
        accountId,
        receiver.url,
        ids.map((_, i) => payload(i)),
      ]);
      await client.query("ANALYZE callbacks, callback_attempts, pgboss.job");
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    const t0 = Date.now();
    wakeWorkers(deliverCallback.name);
    return finished(n, t0);
  }

  async function replay(n: number): Promise<number> {
    await reset();
    // Failed once already (their first attempt is in the log); the replay's attempts are counted on top.
    await sql.query(
      `WITH c AS (
         INSERT INTO callbacks (id, account_id, kind, url, payload, state, attempts, created_at, completed_at)
         SELECT gen_random_uuid(), $1, 'sms.status', $2, p::jsonb, 'failed', 1, now() - interval '1 hour', now() - interval '1 hour' FROM unnest($3::text[]) AS x(p)
         RETURNING id)
       INSERT INTO callback_attempts (id, callback_id, attempt, at, status_code, error) SELECT gen_random_uuid(), id, 1, now() - interval '1 hour', 500, '' FROM c`,
      [accountId, receiver.url, Array.from({ length: n }, (_, i) => payload(i))],
    );
    await sql.query("ANALYZE callbacks, callback_attempts");
    const filter: DeliveryFilter = { host: "127.0.0.1", state: ["failed"] };
    const t0 = Date.now();
    const r = await replayCallbacks(core, { accountId, by: "bench", filter, expectedCount: n });
    if (r.count !== n) throw new Error(`replay chose ${r.count} of ${n}`);
    return finished(2 * n, t0);
  }

  const n = ctx.quick ? 1000 : 10_000;
  const rounds = ctx.quick ? 1 : 5;
  await plain(Math.min(n, 1000)); // warm-up
  await replay(Math.min(n, 1000));
  const rs: Array<{ plain: number; replay: number }> = [];
  for (let r = 0; r < rounds; r++) {
    const one = r % 2 === 0 ? { plain: await plain(n), replay: await replay(n) } : { replay: await replay(n), plain: await plain(n) };
    rs.push(one);
    ctx.log(`B11 replay round ${r + 1}/${rounds}: replay ${int(one.replay)}/s, plain ${int(one.plain)}/s`);
  }
  receiver.child.stdin!.end();
  return { n, rounds: rs, medReplay: median(rs.map((x) => x.replay)), medPlain: median(rs.map((x) => x.plain)) };
}

const logQueries: Array<{ name: string; filter: (h: Hints) => DeliveryFilter; cursor?: boolean }> = [
  { name: "first page, no filter", filter: () => ({}) },
  { name: "state failed", filter: () => ({ state: ["failed"] }) },
  { name: "state failed, page 2", filter: () => ({ state: ["failed"] }), cursor: true },
  { name: "host h7", filter: () => ({ host: "h7.example.com" }) },
  { name: "kind campaign.state, failed or paused", filter: () => ({ kind: "campaign.state", state: ["failed", "paused"] }) },
  { name: "last 24 h, paused", filter: (h) => ({ from: new Date(h.now.getTime() - 86_400_000), state: ["paused"] }) },
  { name: "one message's callbacks", filter: (h) => ({ resourceId: h.messageId }) },
  {
    name: "a day 10 days ago, host h5, failed",
    filter: (h) => ({ host: "h5.example.com", state: ["failed"], from: new Date(h.now.getTime() - 11 * 86_400_000), to: new Date(h.now.getTime() - 10 * 86_400_000) }),
  },
];
interface Hints {
  now: Date;
  messageId: string;
}

async function measureLog(ctx: BenchContext) {
  const url = await ctx.createDatabase("bench_webhook_log");
  const database = await openDatabase({ kind: "postgres", url, poolSize: 4 });
  ctx.defer(() => database.close().catch(() => {}));
  await migrate(database.sql);
  const sql = new pg.Pool({ connectionString: url, max: 2 });
  ctx.defer(() => sql.end().catch(() => {}));
  const accountId = (await sql.query<{ id: string }>("INSERT INTO accounts (id, name) VALUES (gen_random_uuid(), 'bench') RETURNING id")).rows[0]!.id;
  const callbacks = ctx.quick ? 250_000 : 2_500_000;
  const t0 = Date.now();
  // Loaded the way a restore would be: the secondary indexes (and the attempts' foreign key) are
  // dropped, the rows written in two statements, then the indexes built again as the migrations
  // define them. Message ids repeat three times (a message's reports).
  const { rows: indexes } = await sql.query<{ indexname: string; indexdef: string }>(
    "SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('callbacks', 'callback_attempts') AND indexname NOT LIKE '%_pkey'",
  );
  for (const i of indexes) await sql.query(`DROP INDEX "${i.indexname}"`);
  await sql.query("ALTER TABLE callback_attempts DROP CONSTRAINT callback_attempts_callback_id_fkey");
  await sql.query(
    `INSERT INTO callbacks (id, account_id, kind, message_id, url, payload, state, attempts, created_at, completed_at)
     SELECT gen_random_uuid(), $1::uuid,
            (ARRAY['sms.status','sms.status','sms.status','campaign.state','sms.inbound','otp.flow','email.open'])[1 + i % 7],
            ('00000000-0000-4000-8000-' || lpad(to_hex(i / 3), 12, '0'))::uuid,
            'https://h' || (i % 20) || '.example.com/hooks/' || (i % 3),
            '{"status":{"name":"Delivered"}}'::jsonb,
            CASE WHEN i % 50 = 7 THEN 'paused' WHEN i % 12 = 5 THEN 'failed' ELSE 'delivered' END, 2,
            now() - make_interval(secs => ($2::int - i) * (30 * 86400.0 / $2::int)), now()
       FROM generate_series(0, $2::int - 1) AS i`,
    [accountId, callbacks],
  );
  await sql.query(
    `INSERT INTO callback_attempts (id, callback_id, attempt, at, status_code, latency_ms, signature)
     SELECT gen_random_uuid(), c.id, a, c.created_at + make_interval(secs => a), CASE WHEN c.state = 'delivered' AND a = 2 THEN 200 ELSE 500 END, 20, 'v1,x'
       FROM callbacks c, generate_series(1, 2) a`,
  );
  ctx.log(`B11 log: rows written in ${int((Date.now() - t0) / 1000)} s; building the indexes`);
  for (const i of indexes) await sql.query(i.indexdef);
  await sql.query("ALTER TABLE callback_attempts ADD CONSTRAINT callback_attempts_callback_id_fkey FOREIGN KEY (callback_id) REFERENCES callbacks(id) ON DELETE CASCADE ON UPDATE CASCADE NOT VALID");
  await sql.query("VACUUM ANALYZE callbacks, callback_attempts");
  const attempts = (await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM callback_attempts")).rows[0]!.n;
  ctx.log(`B11 log: ${int(attempts)} attempts in ${int((Date.now() - t0) / 1000)} s`);
  const core = contextFor(database);
  const hints: Hints = { now: new Date(), messageId: "00000000-0000-4000-8000-000000000400" };
  const runs = ctx.quick ? 40 : 200;
  const out: Array<{ name: string; oursP95: number; oursP50: number; sqlP95: number; sqlP50: number; rows: number }> = [];
  for (const q of logQueries) {
    const filter = q.filter(hints);
    let cursor: string | undefined;
    if (q.cursor) cursor = (await listDeliveries(core, { accountId, filter, size: 50 })).nextCursor ?? undefined;
    const { text, values } = listDeliveriesSql(accountId, filter, 50, cursor);
    const ours: number[] = [];
    const direct: number[] = [];
    let rows = 0;
    for (let i = 0; i < runs; i++) {
      let t = performance.now();
      rows = (await listDeliveries(core, { accountId, filter, size: 50, cursor })).content.length;
      ours.push(performance.now() - t);
      t = performance.now();
      await sql.query(text, values);
      direct.push(performance.now() - t);
    }
    out.push({ name: q.name, rows, oursP95: percentile(ours, 95), oursP50: percentile(ours, 50), sqlP95: percentile(direct, 95), sqlP50: percentile(direct, 50) });
    ctx.log(`B11 log "${q.name}": ours p95 ${ms(percentile(ours, 95))}, SQL p95 ${ms(percentile(direct, 95))} (${rows} rows)`);
  }
  return { callbacks, attempts, runs, queries: out };
}

export const benchmark: Benchmark = {
  id: "B11",
  title: "webhook center: bulk replay throughput vs plain delivery; the log's filtered pages at 5M attempts",
  needsBuild: false,
  async run(ctx: BenchContext): Promise<Row[]> {
    const r = await measureReplay(ctx);
    const l = await measureLog(ctx);
    const worst = l.queries.reduce((a, b) => (b.oursP95 > a.oursP95 ? b : a));
    const worstSql = Math.max(...l.queries.map((q) => q.sqlP95));
    ctx.detail(
      [
        "### B11 — webhook center",
        "",
        `Replay of ${int(r.n)} failed callbacks vs plain delivery of ${int(r.n)} pending ones (callbacks/s, to the stored last delivery):`,
        "",
        "| round | replay /s | plain /s | ratio |",
        "|---:|---:|---:|---:|",
        ...r.rounds.map((x, i) => `| ${i + 1} | ${int(x.replay)} | ${int(x.plain)} | ${fixed(x.replay / x.plain)} |`),
        "",
        `The log with ${int(l.attempts)} attempts (${int(l.callbacks)} callbacks), ${l.runs} runs per query, page size 50:`,
        "",
        "| query | rows | ours p50 / p95 | same SQL p50 / p95 |",
        "|---|---:|---:|---:|",
        ...l.queries.map((q) => `| ${q.name} | ${q.rows} | ${ms(q.oursP50)} / ${ms(q.oursP95)} | ${ms(q.sqlP50)} / ${ms(q.sqlP95)} |`),
      ].join("\n"),
    );
    const ratio = r.medReplay / r.medPlain;
    return [
      {
        name: `B11 bulk replay of ${int(r.n)} failed callbacks/s vs plain delivery (B5's path) in the same run`,
        ours: int(r.medReplay),
        anchor: int(r.medPlain),
        ratio: fixed(ratio),
        goal: "≥ 0.8",
        met: ratio >= 0.8,
      },
      {
        name: `B11 log page p95, worst of ${l.queries.length} filtered queries, ${int(l.attempts)} attempts (worst: ${worst.name}) vs the same SQL`,
        ours: ms(worst.oursP95),
        anchor: ms(worstSql),
        ratio: fixed(worst.oursP95 / worstSql),
        goal: "p95 < 50 ms",
        met: worst.oursP95 < 50,
      },
    ];
  },
};
