// B3: 30,000 no-op jobs through our job engine (lib/jobs/worker.ts's claim loop over pg-boss 10's
// tables, on the bench's PostgreSQL) against a raw loop that claims 100 jobs at a time with
// `FOR UPDATE SKIP LOCKED` and marks them done with a second statement. Ours runs twice per
// round: a no-op job claimed 100 at a time (the anchor's claim size: the goal's figure) and one
// with defineJob's defaults (claims of 20, reported). One claim loop each, all in this process,
// same server and database; the order rotates each round; medians.
//
// Each round inserts the 30k jobs in one transaction (not timed; it also runs ANALYZE, for both,
// so the planner knows the backlog), wakes the consumer and times from the commit until the
// last job is marked completed (database clock).
//
//   npm run bench -- --only B3
import "./support/bench-env.ts";
import { z } from "zod";
import pg from "pg";
import { openDatabase, type Database } from "../lib/db/connection.ts";
import { defineJob } from "../lib/jobs/job.ts";
import { createBoss, ensureQueues } from "../lib/jobs/boss.ts";
import { startWorker, type Worker } from "../lib/server/worker.ts";
import { wakeWorkers } from "../lib/jobs/wake.ts";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { fixed, int, median, sleep } from "./support/stats.ts";
import { CpuMeter, postgresPids } from "./support/procs.ts";

const GOAL_RATIO = 0.3;
const GOAL_RATE = 10_000;
const RAW_CLAIM = 100;

let handled = 0;
/** defineJob's defaults (claims of 20, one job at a time). */
const noop = defineJob({
  name: "bench.noop",
  payload: z.object({ n: z.number() }),
  async handler() {
    handled++;
  },
});
/** The same with claims of 100, the anchor's claim size: the goal's figure. */
const noop100 = defineJob({ ...noop, name: "bench.noop100", batchSize: RAW_CLAIM });
type NoopJob = typeof noop;

interface RoundResult {
  jobsPerSecond: number;
  cores: Record<string, number>;
}

async function oursRound(job: NoopJob, database: Database, sql: pg.Pool, n: number, meter: CpuMeter): Promise<RoundResult> {
  await sql.query("DELETE FROM pgboss.job WHERE name LIKE 'bench.%'");
  await sql.query("VACUUM ANALYZE pgboss.job");
  handled = 0;
  // The rows pg-boss's insert() writes for the jobs, in one transaction that also updates the
  // planner's statistics (as for the raw table), so the worker sees none of them before the clock
  // starts (not timed).
  const boss = createBoss(database, { supervise: false, schedule: false });
  await boss.start();
  const jobs = Array.from({ length: n }, (_, i) => ({ name: job.name, data: { n: i } }));
  const client = await sql.connect();
  try {
    await client.query("BEGIN");
    await boss.insert(jobs, { db: { executeSql: (text: string, values?: unknown[]) => client.query(text, values) } });
    await client.query("ANALYZE pgboss.job");
    await client.query("COMMIT");
  } finally {
    client.release();
  }
  await boss.stop({ graceful: false, close: false });
  const { rows } = await sql.query<{ t: Date }>("SELECT clock_timestamp() AS t");
  meter.snapshot();
  wakeWorkers(job.name);
  while (handled < n) await sleep(20);
  for (;;) {
    const r = await sql.query<{ left: string }>("SELECT count(*) AS left FROM pgboss.job WHERE name = $1 AND state <> 'completed'", [job.name]);
    if (Number(r.rows[0]!.left) === 0) break;
    await sleep(10);
  }
  const cores = meter.delta();
  const end = await sql.query<{ t: Date }>("SELECT max(completed_on) AS t FROM pgboss.job WHERE name = $1", [job.name]);
  const ms = end.rows[0]!.t.getTime() - rows[0]!.t.getTime();
  return { jobsPerSecond: (n / ms) * 1000, cores };
}

const RAW_DDL = `
  DROP TABLE IF EXISTS bench_raw_job;
  CREATE TABLE bench_raw_job (
    id bigserial PRIMARY KEY,
    name text NOT NULL,
    state text NOT NULL DEFAULT 'created',
    data jsonb,
    created_on timestamptz NOT NULL DEFAULT now(),
    started_on timestamptz,
    completed_on timestamptz
  );
  CREATE INDEX bench_raw_job_next ON bench_raw_job (name, id) WHERE state = 'created';
`;

async function rawRound(sql: pg.Pool, n: number, meter: CpuMeter): Promise<RoundResult> {
  await sql.query("TRUNCATE bench_raw_job");
  await sql.query("INSERT INTO bench_raw_job (name, data) SELECT 'bench.noop', jsonb_build_object('n', i) FROM generate_series(1, $1) i", [n]);
  await sql.query("ANALYZE bench_raw_job");
  const { rows } = await sql.query<{ t: Date }>("SELECT clock_timestamp() AS t");
  meter.snapshot();
  const client = await sql.connect();
  let sink = 0;
  try {
    for (;;) {
      const claimed = await client.query<{ id: string; data: { n: number } }>(
        `UPDATE bench_raw_job SET state = 'active', started_on = now()
          WHERE id IN (SELECT id FROM bench_raw_job WHERE name = $1 AND state = 'created' ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
          RETURNING id, data`,
        ["bench.noop", RAW_CLAIM],
      );
      if (claimed.rows.length === 0) break;
      for (const j of claimed.rows) sink += j.data.n; // the no-op "handler"
      await client.query("UPDATE bench_raw_job SET state = 'completed', completed_on = now() WHERE id = ANY($1::bigint[])", [claimed.rows.map((r) => r.id)]);
    }
  } finally {
    client.release();
  }
  const cores = meter.delta();
  const end = await sql.query<{ t: Date; done: string }>("SELECT max(completed_on) AS t, count(*) FILTER (WHERE state = 'completed') AS done FROM bench_raw_job");
  if (Number(end.rows[0]!.done) !== n || sink < 0) throw new Error(`raw loop completed ${end.rows[0]!.done} of ${n}`);
  const ms = end.rows[0]!.t.getTime() - rows[0]!.t.getTime();
  return { jobsPerSecond: (n / ms) * 1000, cores };
}

export interface JobThroughputResult {
  n: number;
  rounds: { ours: RoundResult; ours20: RoundResult; raw: RoundResult }[];
  medOurs: number;
  medOurs20: number;
  medRaw: number;
  paired: number;
}

export async function measureJobs(ctx: BenchContext): Promise<JobThroughputResult> {
  const n = ctx.quick ? 5_000 : 30_000;
  const rounds = ctx.quick ? 1 : 5;
  const url = await ctx.createDatabase("bench_jobs");
  const database = await openDatabase({ kind: "postgres", url, poolSize: 10 });
  const sql = new pg.Pool({ connectionString: url, max: 4 });
  let worker: Worker | null = null;
  ctx.defer(async () => {
    await worker?.stop(5000).catch(() => {});
    await sql.end().catch(() => {});
    await database.close().catch(() => {});
  });
  const setup = createBoss(database, { supervise: false, schedule: false });
  await setup.start();
  await ensureQueues(setup, [noop, noop100]);
  await setup.stop({ graceful: false, close: false });
  await sql.query(RAW_DDL);
  worker = await startWorker(database, [noop, noop100]);
  const meter = new CpuMeter({ postgres: () => postgresPids(ctx.pgDataDir) });

  // Warm-up (JIT, plans, caches), not counted.
  await oursRound(noop100, database, sql, Math.min(n, 3000), meter);
  await oursRound(noop, database, sql, Math.min(n, 3000), meter);
  await rawRound(sql, Math.min(n, 3000), meter);

  const out: JobThroughputResult["rounds"] = [];
  for (let r = 0; r < rounds; r++) {
    // Rotate the order, so none always runs first (or after the same one).
    const steps = [
      async () => ({ ours: await oursRound(noop100, database, sql, n, meter) }),
      async () => ({ raw: await rawRound(sql, n, meter) }),
      async () => ({ ours20: await oursRound(noop, database, sql, n, meter) }),
    ];
    const got: Partial<JobThroughputResult["rounds"][number]> = {};
    for (let i = 0; i < steps.length; i++) Object.assign(got, await steps[(i + r) % steps.length]!());
    const { ours, ours20, raw } = got as JobThroughputResult["rounds"][number];
    out.push({ ours, ours20, raw });
    ctx.log(`B3 round ${r + 1}/${rounds}: ours (claims of 100) ${int(ours.jobsPerSecond)} jobs/s, ours (defaults, 20) ${int(ours20.jobsPerSecond)}, raw ${int(raw.jobsPerSecond)} jobs/s`);
  }
  await worker.stop(5000);
  worker = null;
  return {
    n,
    rounds: out,
    medOurs: median(out.map((x) => x.ours.jobsPerSecond)),
    medOurs20: median(out.map((x) => x.ours20.jobsPerSecond)),
    medRaw: median(out.map((x) => x.raw.jobsPerSecond)),
    paired: median(out.map((x) => x.ours.jobsPerSecond / x.raw.jobsPerSecond)),
  };
}

export function report(r: JobThroughputResult): string {
  const lines = [
    `${int(r.n)} no-op jobs per round; ours: startWorker (lib/jobs/worker.ts) running a no-op defineJob job claimed ${RAW_CLAIM} at a time, and the same with defineJob's default claims of ${noop.batchSize}; raw: one loop claiming ${RAW_CLAIM} with FOR UPDATE SKIP LOCKED. Cores from /proc: bench process / postgres / other processes.`,
    "",
    "| round | ours, claims of 100 (jobs/s) | ours, defaults: claims of 20 | raw (jobs/s) | ratio (100) | ratio (20) | cores ours (100) | cores ours (20) | cores raw |",
    "|---:|---:|---:|---:|---:|---:|---|---|---|",
  ];
  const c = (x: Record<string, number>) => `${fixed(x["load generator"] ?? NaN)} / ${fixed(x.postgres ?? NaN)} / ${fixed(x["other processes"] ?? NaN)}`;
  for (const [i, x] of r.rounds.entries())
    lines.push(
      `| ${i + 1} | ${int(x.ours.jobsPerSecond)} | ${int(x.ours20.jobsPerSecond)} | ${int(x.raw.jobsPerSecond)} | ${fixed(x.ours.jobsPerSecond / x.raw.jobsPerSecond)} | ${fixed(x.ours20.jobsPerSecond / x.raw.jobsPerSecond)} | ${c(x.ours.cores)} | ${c(x.ours20.cores)} | ${c(x.raw.cores)} |`,
    );
  lines.push(
    `| **median** | **${int(r.medOurs)}** | **${int(r.medOurs20)}** | **${int(r.medRaw)}** | **${fixed(r.medOurs / r.medRaw)}** (paired ${fixed(r.paired)}) | **${fixed(r.medOurs20 / r.medRaw)}** | | | |`,
  );
  return lines.join("\n");
}

export const benchmark: Benchmark = {
  id: "B3",
  title: "30k no-op jobs through our job engine vs a raw SKIP LOCKED loop",
  needsBuild: false,
  async run(ctx: BenchContext): Promise<Row[]> {
    const r = await measureJobs(ctx);
    ctx.detail(`### B3 — job engine throughput\n\n${report(r)}`);
    const ratio = r.medOurs / r.medRaw;
    return [
      {
        name: `B3 ${int(r.n)} no-op jobs/s through our job engine, claims of ${RAW_CLAIM}, vs a raw FOR UPDATE SKIP LOCKED loop claiming ${RAW_CLAIM}`,
        ours: int(r.medOurs),
        anchor: int(r.medRaw),
        ratio: fixed(ratio),
        goal: `≥ ${GOAL_RATIO} and ≥ ${int(GOAL_RATE)} jobs/s`,
        met: ratio >= GOAL_RATIO && r.medOurs >= GOAL_RATE,
      },
      {
        name: `B3 the same with defineJob's default claims of ${noop.batchSize}`,
        ours: int(r.medOurs20),
        anchor: int(r.medRaw),
        ratio: fixed(r.medOurs20 / r.medRaw),
        goal: "— (reported)",
      },
    ];
  },
};
