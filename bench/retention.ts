// B10: the p95 latency of POST /api/sms at a fixed, moderate rate (open loop) while the nightly
// retention run (lib/core/retention/prune-expired.ts) deletes 1M expired messages with their
// parts and events, against the same load without it, in alternating rounds on one server.
//
// The retention run is the job's own handler with the worker's defaults, called here on its own
// pool as a separate `npm run worker` would run it. It is ONE run over all the expired rows: its
// statements pass a gate that is open during the "with" rounds and closed (between two batches,
// the one in flight allowed to finish) during the "without" ones. After the rounds the gate stays
// open until the run finishes (or a time cap), the load still running, so the run's total rate is
// measured too. Measured on the bench's PostgreSQL only: seeding a million messages into PGlite,
// which the server holds in its own process, is not cheap enough for a benchmark run.
//
//   npm run bench -- --only B10
import pg from "pg";
import type { Ctx } from "../lib/core/context.ts";
import { pruneExpiredJob } from "../lib/core/retention/prune-expired.ts";
import { BACKFILL_DAYS } from "../lib/core/reports/report-rollup.ts";
import { seedMessages } from "../lib/core/seed/seed-messages.ts";
import { expired as expiredStatus } from "../lib/core/sms/statuses.ts";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { runOpenLoop, type OpenLoopResult } from "./support/open-loop.ts";
import { startSwitchboard, smsBody } from "./support/switchboard.ts";
import { CpuMeter, postgresPids } from "./support/procs.ts";
import { sampleActivity, type ActivitySummary } from "./support/pg-activity.ts";
import { fixed, int, median, ms, percentile, sleep } from "./support/stats.ts";

const RATE = 100;
const RETENTION_DAYS = 400;
const GOAL = 1.2;
const DAY_MS = 86_400_000;

interface Batch {
  at: number;
  ms: number;
  deleted: number;
}

/**
 * The retention job's handler on its own pool, each statement passing a gate. Deleting statements
 * answer { n }: each is recorded as a batch (when, how long, how many messages).
 */
function gatedRetention(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let open = false;
  let wake: (() => void) | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();
  const batches: Batch[] = [];
  const sql = {
    async query(text: string, values?: unknown[]) {
      while (!open) await new Promise<void>((r) => (wake = r));
      const t0 = performance.now();
      const p = pool.query(text, values);
      inFlight = p.catch(() => undefined);
      const res = await p;
      const n = (res.rows[0] as { n?: unknown } | undefined)?.n;
      if (typeof n === "number") batches.push({ at: t0, ms: performance.now() - t0, deleted: n });
      return res;
    },
  };
  const ctx = { sql, now: () => new Date(), config: { retentionDays: RETENTION_DAYS } } as unknown as Ctx;
  let finished: number | null = null;
  let failed: unknown = null;
  let started = false;
  return {
    batches,
    finished: () => finished,
    failed: () => failed,
    open() {
      // The first opening starts the run, as the worker would on the nightly schedule.
      if (!started)
        void pruneExpiredJob.handler(ctx, {}, { id: "bench", retryCount: 0, retryLimit: 0 }).then(
          () => void (finished = performance.now()),
          (err: unknown) => void (failed = err),
        );
      started = true;
      open = true;
      wake?.();
      wake = null;
    },
    /** Closes the gate and waits for the statement under way. */
    async close() {
      open = false;
      await inFlight;
    },
    end: () => pool.end(),
  };
}

/** What the seed left to delete: expired messages, their parts and events. */
async function expiredRows(pool: pg.Pool, accountId: string, before: Date) {
  const { rows } = await pool.query<{ messages: number; parts: number; events: number }>(
    `SELECT (SELECT count(*) FROM messages WHERE account_id = $1 AND created_at < $2)::int AS messages,
            (SELECT count(*) FROM message_parts WHERE account_id = $1 AND created_at < $2)::int AS parts,
            (SELECT count(*) FROM message_events e JOIN messages m ON m.id = e.message_id WHERE m.account_id = $1 AND m.created_at < $2)::int AS events`,
    [accountId, before],
  );
  return rows[0]!;
}

/** Waits until every message the load sent is final, so no backlog spills into the next round. */
async function drain(pool: pg.Pool, accountId: string, since: Date): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE account_id = $1 AND created_at >= $2 AND status IN ('Queued', 'Sent')`, [accountId, since]);
    if (rows[0]!.n === 0) return performance.now() - t0;
    if (performance.now() - t0 > 180_000) throw new Error(`B10: ${rows[0]!.n} messages still not final after 3 minutes`);
    await sleep(200);
  }
}

interface Round {
  withRun: boolean;
  load: OpenLoopResult;
  seconds: number;
  deleted: number;
  batches: Batch[];
  cores: Record<string, number>;
  activity: ActivitySummary;
  drainMs: number;
}

async function run(ctx: BenchContext): Promise<Row[]> {
  const rounds = ctx.quick ? 1 : 3;
  const roundMs = ctx.quick ? 5000 : 15_000;
  const messages = ctx.quick ? 100_000 : 1_000_000;
  const tailCapMs = ctx.quick ? 60_000 : 600_000;
  const label = messages >= 1_000_000 ? `${messages / 1_000_000}M` : `${messages / 1000}k`;

  ctx.log("B10: starting the server…");
  const database = "bench_retention";
  const sb = await startSwitchboard(ctx, { database, simDeliveryDelayMs: 1500, env: { RETENTION_DAYS: String(RETENTION_DAYS) } });
  const pool = new pg.Pool({ connectionString: sb.databaseUrl, max: 2 });
  ctx.defer(() => pool.end());

  // A deployment that has run past its retention has its report rollups computed long ago: mark
  // them so, or the rollup job would backfill 400 days of hours during the rounds.
  await pool.query(
    `INSERT INTO report_rollups (hour, computed_at)
     SELECT h, now() FROM generate_series(date_trunc('hour', now()) - make_interval(days => $1), date_trunc('hour', now()) - interval '1 hour', interval '1 hour') h
     ON CONFLICT (hour) DO NOTHING`,
    [BACKFILL_DAYS],
  );
  const t0 = Date.now();
  const seedEnd = new Date(Date.now() - (RETENTION_DAYS + 1) * DAY_MS);
  await seedMessages({ query: (text, values) => pool.query(text, values) as never }, { accountId: sb.accountId, messages, days: 30, now: seedEnd, campaigns: 100 });
  // A year on, what the seed left Queued or Sent has long been expired by the sms.expire job (a
  // transaction per message: left to the server, it would run through the first rounds).
  await pool.query(
    `WITH m AS (
       UPDATE messages SET status = 'Undelivered', detailed_status = 'Expired', status_description = $3, status_at = expires_at, final_at = expires_at
        WHERE account_id = $1 AND created_at < $2 AND final_at IS NULL RETURNING id, expires_at
     )
     UPDATE message_parts p SET status = 'Undelivered', detailed_status = 'Expired', status_description = $3, status_at = m.expires_at, done_at = m.expires_at
       FROM m WHERE p.message_id = m.id`,
    [sb.accountId, new Date(Date.now() - RETENTION_DAYS * DAY_MS), expiredStatus.description],
  );
  // Rows a year old have long been vacuumed (visibility map set, hint bits written).
  await pool.query("VACUUM ANALYZE messages, message_parts, message_events");
  const cutoff = new Date(Date.now() - RETENTION_DAYS * DAY_MS);
  const expired = await expiredRows(pool, sb.accountId, cutoff);
  ctx.log(`B10: seeded ${int(expired.messages)} expired messages (${int(expired.parts)} parts, ${int(expired.events)} events) in ${fixed((Date.now() - t0) / 1000, 1)} s`);

  const url = `${sb.baseUrl}/api/sms`;
  const headers = { authorization: `Bearer ${sb.token}` };
  const since = new Date();
  await runOpenLoop({ url, ratePerSecond: RATE, durationMs: 3000, headers, body: smsBody });
  await drain(pool, sb.accountId, since);

  const retention = gatedRetention(sb.databaseUrl);
  ctx.defer(() => retention.end());
  const measure = async (withRun: boolean, durationMs: number): Promise<Round> => {
    const meter = new CpuMeter({ server: () => [sb.proc.pid], postgres: () => postgresPids(ctx.pgDataDir) });
    const activity = await sampleActivity(ctx.pgUrl, database);
    const first = retention.batches.length;
    meter.snapshot();
    const started = performance.now();
    if (withRun) retention.open();
    const load = await runOpenLoop({ url, ratePerSecond: RATE, durationMs, headers, body: smsBody });
    await retention.close();
    const seconds = (performance.now() - started) / 1000;
    const cores = meter.delta();
    const summary = await activity.stop();
    if (load.errors > 0) throw new Error(`B10: ${load.errors} of ${load.sent} requests failed (${JSON.stringify(load.statuses)}); first: ${load.firstError}`);
    const batches = retention.batches.slice(first);
    const drainMs = await drain(pool, sb.accountId, since);
    return { withRun, load, seconds, deleted: batches.reduce((s, b) => s + b.deleted, 0), batches, cores, activity: summary, drainMs };
  };

  const results: Round[] = [];
  for (let r = 0; r < rounds; r++)
    for (const withRun of r % 2 === 0 ? [false, true] : [true, false]) {
      const m = await measure(withRun, roundMs);
      results.push(m);
      ctx.log(
        `B10 round ${r + 1}/${rounds} ${withRun ? "with" : "without"} the retention run: p95 ${ms(m.load.p95Ms)} (p50 ${ms(m.load.p50Ms)}, max ${ms(m.load.maxMs)})` +
          (withRun ? `, ${int(m.deleted / m.seconds)} messages deleted/s` : "") +
          (m.load.resent ? `, ${m.load.resent} sent again on a new socket (a keep-alive socket the server had closed as idle)` : ""),
      );
      if (withRun && m.deleted === 0 && retention.finished() === null)
        throw new Error(`B10: the retention run deleted nothing during a round${retention.failed() ? `: ${String(retention.failed())}` : ""}`);
    }

  // The rest of the run, the load still on, until it finishes or the cap.
  const tail: Round[] = [];
  const tailStart = performance.now();
  while (retention.finished() === null && retention.failed() === null && performance.now() - tailStart < tailCapMs) {
    const m = await measure(true, roundMs);
    tail.push(m);
    ctx.log(`B10 rest of the run: p95 ${ms(m.load.p95Ms)}, ${int(m.deleted / m.seconds)} messages deleted/s, ${int(retention.batches.reduce((s, b) => s + b.deleted, 0))} so far`);
  }
  if (retention.failed()) throw retention.failed();
  const finished = retention.finished() !== null;
  const left = await expiredRows(pool, sb.accountId, cutoff);

  const withRounds = results.filter((m) => m.withRun);
  const without = results.filter((m) => !m.withRun);
  const ratio = median(withRounds.map((m, i) => m.load.p95Ms / without[i]!.load.p95Ms));
  const openSeconds = [...withRounds, ...tail].reduce((s, m) => s + m.seconds, 0);
  const deletedMessages = expired.messages - left.messages;
  const deletedRows = deletedMessages + expired.parts - left.parts + expired.events - left.events;
  const allBatches = retention.batches;
  const lines = [
    `### B10 — POST /api/sms at ${RATE} req/s (open loop) beside a retention run over ${label} expired messages, ${roundMs / 1000} s per round, ${rounds} rounds of each (alternating)`,
    "",
    `Seeded ${int(expired.messages)} messages older than ${RETENTION_DAYS} days with ${int(expired.parts)} parts and ${int(expired.events)} events (30 days of traffic ending ${RETENTION_DAYS + 1} days ago), vacuumed. ` +
      "The run is the job's handler (default batch 1,000 messages, 20 ms pause) on its own pool of 2, as a separate worker runs it. PostgreSQL only: PGlite is not measured.",
    "",
    "| round | retention | p50 | p95 | p99 | max | messages deleted | deleted/s | batch p50 / p95 / max | cores: server | postgres | bench | other | lock waits (mean connections) | backlog drain |",
    "|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---|---:|",
    ...[...results, ...tail].map((m, i) => {
      const b = m.batches.map((x) => x.ms);
      const waits = Object.entries(m.activity.lockWaits)
        .map(([k, v]) => `${k} ${fixed(v)}`)
        .join(", ");
      return `| ${i < results.length ? Math.floor(i / 2) + 1 : "rest"} | ${m.withRun ? "running" : "paused"} | ${ms(m.load.p50Ms)} | ${ms(m.load.p95Ms)} | ${ms(m.load.p99Ms)} | ${ms(m.load.maxMs)} | ${int(m.deleted)} | ${int(m.deleted / m.seconds)} | ${b.length ? `${ms(percentile(b, 50))} / ${ms(percentile(b, 95))} / ${ms(Math.max(...b))}` : "—"} | ${fixed(m.cores.server!)} | ${fixed(m.cores.postgres!)} | ${fixed(m.cores["load generator"]!)} | ${fixed(m.cores["other processes"]!)} | ${waits || "none"} | ${ms(m.drainMs)} |`;
    }),
    "",
    `The run ${finished ? "finished" : `did NOT finish within the ${tailCapMs / 60_000} min cap`}: ${int(deletedMessages)} of ${int(expired.messages)} messages deleted (${int(deletedRows)} rows with parts and events) in ${fixed(openSeconds, 0)} s of open gate, ${int(allBatches.length)} batches; ` +
      `${int(deletedMessages / openSeconds)} messages/s, ${int(deletedRows / openSeconds)} rows/s. ` +
      (tail.length ? `p95 over the rest of the run, per ${roundMs / 1000} s: ${tail.map((m) => ms(m.load.p95Ms)).join(", ")}.` : ""),
  ];
  ctx.detail(lines.join("\n"));
  return [
    {
      name: `B10 POST /api/sms p95 at ${RATE} req/s during a retention run over ${label} expired messages (vs without, same server)`,
      ours: ms(median(withRounds.map((m) => m.load.p95Ms))),
      anchor: ms(median(without.map((m) => m.load.p95Ms))),
      ratio: fixed(ratio),
      goal: `≤ ${GOAL}`,
      met: ratio <= GOAL,
    },
    {
      name: `B10 the retention run: messages deleted/s (rows/s with parts and events)`,
      ours: `${int(deletedMessages / openSeconds)} (${int(deletedRows / openSeconds)})`,
      anchor: "—",
      ratio: "—",
      goal: finished ? `— (finished: ${int(deletedMessages)} in ${fixed(openSeconds, 0)} s)` : `— (NOT finished: ${int(left.messages)} left)`,
    },
  ];
}

export const benchmark: Benchmark = { id: "B10", title: "POST /api/sms latency beside a retention run", run };
