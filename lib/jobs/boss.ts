// pg-boss on the application's own database: PostgreSQL through its own pool, PGlite through
// pg-boss's `db` option. Enqueueing can join a Prisma transaction, so a state change and the
// jobs it causes commit together.
import crypto from "node:crypto";
import os from "node:os";
import PgBoss from "pg-boss";
import type { Database } from "../db/connection.ts";
import type { Tx } from "../core/context.ts";
import type { JobDefinition, JobRef } from "./job.ts";
import { log } from "../log/logger.ts";
import { anyCause } from "../db/errors.ts";
import { txSql } from "../db/tx-sql.ts";
import { carryTrace } from "./job-trace.ts";

export type Boss = PgBoss;

export interface BossOptions {
  supervise?: boolean;
  schedule?: boolean;
  /** How often expired jobs (their worker died) are failed over to a retry (default 10 s). */
  maintenanceIntervalSeconds?: number;
}

export function createBoss(database: Database, options: BossOptions = {}): PgBoss {
  const common = {
    schema: "pgboss",
    supervise: options.supervise ?? true,
    schedule: options.schedule ?? true,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 10,
  };
  const db = database.kind === "postgres" ? preparedStatements(database.bossDb) : database.bossDb;
  if (database.kind === "pglite") oneSession.add(db);
  const boss = new PgBoss({ ...common, db: db as PgBoss.Db });
  boss.on("error", (err) => log("error", "job engine error", { error: String(err) }));
  return boss;
}

/**
 * An index in the order pg-boss 10's fetch claims jobs (priority, then age), so a claim reads
 * the batch it takes instead of every queued row: pg-boss's own fetch index (job_i5, keyed on
 * start_after) makes each claim sort the whole backlog, which turned a 30k backlog into
 * ≈ 3k jobs/s. Created on the partitioned job table, so every queue's partition has it.
 */
const fetchIndexReady = new WeakMap<object, Promise<void>>();
function ensureFetchIndex(boss: PgBoss): Promise<void> {
  const db = boss.getDb();
  let ready = fetchIndexReady.get(db);
  if (!ready) {
    ready = db
      .executeSql(
        `DO $$ BEGIN
           CREATE INDEX IF NOT EXISTS switchboard_job_fetch ON pgboss.job (name, priority DESC, created_on, id) INCLUDE (start_after) WHERE state < 'active';
         EXCEPTION WHEN unique_violation OR duplicate_table OR deadlock_detected THEN NULL; -- another process made it meanwhile
         END $$`,
        [],
      )
      .then(() => undefined);
    fetchIndexReady.set(db, ready);
    ready.catch(() => fetchIndexReady.delete(db));
  }
  return ready;
}

/**
 * pg-boss's parameterised statements (claim, complete, fail, send…) as named prepared
 * statements on PostgreSQL: each connection parses and plans them once instead of on every
 * call (≈ 0.25 ms of planning per claim on the partitioned job table). Its scripts without
 * parameters (migrations, maintenance) run as they are. Bounded, as in lib/http/with-api.ts: the
 * first 400 distinct texts get a name (our seven lease statements for each of about twenty
 * queues, onQueue, and pg-boss's own). pg's query() takes a config object with the name;
 * lib/db/connection.ts hands the text to it unchanged.
 */
const MAX_PREPARED = 400;
const statementNames = new Map<string, string>();
function preparedStatements(db: Database["bossDb"]): Database["bossDb"] {
  return {
    executeSql: (text, values) => {
      if (!values?.length) return db.executeSql(text, values);
      let name = statementNames.get(text);
      if (name === undefined && statementNames.size < MAX_PREPARED) statementNames.set(text, (name = `sb_boss_${statementNames.size + 1}`));
      return db.executeSql(name ? ({ name, text } as unknown as string) : text, values);
    },
  };
}

export async function ensureQueues(boss: PgBoss, definitions: JobDefinition[]): Promise<void> {
  await ensureFetchIndex(boss);
  for (const d of definitions) {
    const options = {
      name: d.name,
      retryLimit: d.retryLimit,
      retryDelay: d.retryDelaySeconds,
      retryBackoff: d.retryBackoff,
      // For a leased job this is only pg-boss's backstop: its lease (renewed while it runs) is
      // shorter, and the worker's own reaper hands it back (reapExpiredLeases).
      expireInSeconds: d.expireInSeconds,
    };
    // Several processes starting on a fresh database create the same queues at once: a deadlock
    // or "already exists" there only means another one got first; look again.
    for (let attempt = 0; ; attempt++) {
      try {
        if (await boss.getQueue(d.name)) await boss.updateQueue(d.name, options);
        else await boss.createQueue(d.name, options);
        break;
      } catch (err) {
        if (attempt >= 5 || !raceWithAnotherProcess(err)) throw err;
        await new Promise((r) => setTimeout(r, 20 * (attempt + 1) + Math.random() * 50));
      }
    }
  }
}

/** deadlock_detected, unique_violation or duplicate_table, anywhere in the error's causes. */
function raceWithAnotherProcess(err: unknown): boolean {
  return anyCause(err, ({ code }) => code === "40P01" || code === "23505" || code === "42P07");
}

/** pg-boss's per-call `db`, running its SQL inside a Prisma transaction. */
export function transactionDb(tx: Tx): PgBoss.Db {
  return {
    executeSql: (text, values) => txSql(tx).query(text, values ?? []),
  };
}

export async function enqueue<T extends object>(
  boss: PgBoss,
  job: JobRef,
  payload: T,
  options: { tx?: Tx; singletonKey?: string; startAfter?: Date | number; id?: string } = {},
): Promise<string | null> {
  const data = carryTrace(job.payload.parse(payload) as object);
  return boss.send(job.name, data, {
    singletonKey: options.singletonKey,
    startAfter: options.startAfter,
    id: options.id,
    ...(options.tx ? { db: transactionDb(options.tx) } : {}),
  });
}

/** Enqueues many jobs of one queue in one statement (pg-boss insert: the queue's retry and expiry settings apply as with send). */
export async function enqueueMany<T extends object>(boss: PgBoss, job: JobRef, items: readonly { payload: T; startAfter?: Date }[], options: { tx?: Tx } = {}): Promise<void> {
  if (items.length === 0) return;
  const jobs = items.map((i) => ({ name: job.name, data: carryTrace(job.payload.parse(i.payload) as object), ...(i.startAfter ? { startAfter: i.startAfter.toISOString() } : {}) }));
  await boss.insert(jobs, options.tx ? { db: transactionDb(options.tx) } : {});
}

/**
 * A statement on one queue's jobs, naming that queue's partition of pgboss.job (pg-boss 10 gives
 * each queue its own table, named after the SHA-224 of the queue's name) instead of the
 * partitioned table. PostgreSQL then plans it for one table. On the partitioned table it planned
 * every claim anew, pruning twenty partitions each time (0.2 ms on an idle machine, about 1.5 ms
 * on a busy one: a tenth of PostgreSQL's CPU during a 30k campaign, B2), because a generic plan
 * over all partitions never looked cheaper than that.
 */
const partitionStatements = new Map<string, Map<string, string>>();
function onQueue(sql: string, name: string): string {
  let byQueue = partitionStatements.get(sql);
  if (!byQueue) partitionStatements.set(sql, (byQueue = new Map()));
  let text = byQueue.get(name);
  if (text === undefined) {
    const table = `pgboss.j${crypto.createHash("sha224").update(name).digest("hex")}`;
    byQueue.set(name, (text = sql.replace(/pgboss\.job\b/g, table)));
  }
  return text;
}

/** A claimed job: what a worker needs of the row, and no more. */
export interface ClaimedRow {
  id: string;
  data: unknown;
  /** With the job's id, the lease: each claim counts one up, so an earlier holder's statements match no row. */
  retryCount: number;
  retryLimit: number;
  expireInSeconds: number;
  /** The previous attempt ended without a verdict of its own (see JobMeta.previousLost). */
  previousLost: boolean;
}

/**
 * Claims up to `batchSize` jobs of a queue: pg-boss 10's own fetch statement (same order, same
 * locking, same retry counting and singleton grouping), returning five columns instead of the
 * twenty of fetch({ includeMetadata: true }), whose dates cost the worker more to parse than the
 * jobs it runs (B3, docs/performance.md). The claimed rows' output names the worker ($3), so a
 * worker that lost a claim's answer with its connection can hand those jobs back (releaseOrphans);
 * the previous attempt's output says whether it ended cleanly (previousLost).
 */
const CLAIM_SQL = `
  WITH next AS (
    SELECT id, singleton_key, policy, output->>'clean' AS clean
      FROM pgboss.job
     WHERE name = $1 AND state < 'active' AND start_after < now()
     ORDER BY priority DESC, created_on, id
     LIMIT $2
       FOR UPDATE SKIP LOCKED
  ), grouped AS (
    SELECT n.id, n.policy AS grouped_policy, n.clean,
           row_number() OVER (PARTITION BY CASE WHEN $2 > 1 AND n.policy IN ('singleton', 'stately') THEN n.singleton_key ELSE n.id::text END) AS row_number
      FROM next n
  )
  UPDATE pgboss.job j
     SET state = 'active',
         started_on = now(),
         retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END,
         output = $3::jsonb
    FROM grouped
   WHERE name = $1 AND j.id = grouped.id
     AND ((grouped.grouped_policy IN ('singleton', 'stately') AND grouped.row_number = 1)
          OR COALESCE(grouped.grouped_policy, '') NOT IN ('singleton', 'stately'))
  RETURNING j.id, j.data, j.retry_count AS "retryCount", j.retry_limit AS "retryLimit", EXTRACT(epoch FROM j.expire_in)::float8 AS "expireInSeconds",
            j.retry_count > 0 AND grouped.clean IS DISTINCT FROM 'true' AS "previousLost"`;

/** Job databases that are one session (PGlite): a statement PREPAREd there stays prepared. */
const oneSession = new WeakSet<object>();

/**
 * Which of `names` have a job to claim now: one statement for every queue of a worker, each an
 * index probe on its own partition, instead of a claim per queue and lane every polling interval.
 * Those idle claims were most of an idle server's work: about 30 of them every half second, 4–5 ms
 * each on PGlite, so a quarter of a core spent finding nothing, on the thread that serves the API.
 * Planning the probe's 25 branches costs ten times running them, so it is planned once: a named
 * statement per connection on PostgreSQL (preparedStatements), PREPARE on PGlite's one session,
 * whose EXECUTE takes no bound parameters (the names are ours, written in as literals).
 */
const dueStatements = new Map<string, { text: string; prepare: string; execute: string }>();
const duePrepared = new WeakMap<object, Map<string, Promise<unknown>>>();
export async function dueQueues(boss: PgBoss, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const key = names.join("\n");
  let statement = dueStatements.get(key);
  if (!statement) {
    const probe = (name: string, value: string) =>
      onQueue(`SELECT ${value}::text AS name WHERE EXISTS (SELECT 1 FROM pgboss.job WHERE name = ${value} AND state < 'active' AND start_after < now())`, name);
    const literal = (name: string) => `'${name.replace(/'/g, "''")}'`;
    const id = `switchboard_due_${crypto.createHash("sha1").update(key).digest("hex").slice(0, 16)}`;
    statement = {
      text: names.map((n, i) => probe(n, `$${i + 1}`)).join("\nUNION ALL\n"),
      prepare: `PREPARE ${id} AS ${names.map((n) => probe(n, literal(n))).join("\nUNION ALL\n")}`,
      execute: `EXECUTE ${id}`,
    };
    dueStatements.set(key, statement);
  }
  const db = boss.getDb();
  if (!oneSession.has(db)) return ((await db.executeSql(statement.text, [...names])).rows as { name: string }[]).map((r) => r.name);
  let prepared = duePrepared.get(db);
  if (!prepared) duePrepared.set(db, (prepared = new Map()));
  let ready = prepared.get(key);
  if (!ready) {
    // Another worker on the same PGlite may have prepared it first (42P05): the same text.
    ready = db.executeSql(statement.prepare, []).catch((err) => {
      if ((err as { code?: string }).code !== "42P05") throw err;
    });
    prepared.set(key, ready);
    ready.catch(() => prepared.delete(key));
  }
  await ready;
  return ((await db.executeSql(statement.execute, [])).rows as { name: string }[]).map((r) => r.name);
}

/** `worker`: this worker's tag (workerTag), kept on the claimed rows. */
export async function claimJobs(boss: PgBoss, name: string, batchSize: number, worker = ANONYMOUS): Promise<ClaimedRow[]> {
  const { rows } = await boss.getDb().executeSql(onQueue(CLAIM_SQL, name), [name, batchSize, worker]);
  return rows as ClaimedRow[];
}

/** The claim tag of a worker: unique per process and worker. */
export function workerTag(): string {
  return JSON.stringify({ worker: `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}` });
}
const ANONYMOUS = JSON.stringify({ worker: "" });

// ---- leases ----
//
// A claim is identified by the job's id and its retry_count, which every claim counts up (the
// claim above, as pg-boss's fetch). Completing, failing, renewing and checkpointing name both, and
// only an active row with both matches: once a job's lease ran out and another worker claimed it,
// the first worker's late statements change nothing. Our queues use pg-boss's standard policy
// without dead letters, so a failure is a plain UPDATE (pg-boss's own moves rows to handle those).

/** Completes claims; answers how many still held their lease (the rest are refused). */
const COMPLETE_SQL = `
  WITH done AS (
    UPDATE pgboss.job j SET completed_on = now(), state = 'completed', output = NULL
      FROM unnest($2::uuid[], $3::int[]) AS l(id, rc)
     WHERE j.name = $1 AND j.id = l.id AND j.retry_count = l.rc AND j.state = 'active'
    RETURNING 1)
  SELECT count(*)::int AS n FROM done`;

/**
 * Fails claims with pg-boss's retry schedule (delay, doubling with jitter when backoff is on).
 * `clean`: the handler ended, nothing it began is still under way (JobMeta.previousLost).
 */
const FAIL_SQL = `
  WITH failed AS (
    UPDATE pgboss.job j SET
           state = CASE WHEN j.retry_count < j.retry_limit THEN 'retry' ELSE 'failed' END::pgboss.job_state,
           start_after = CASE WHEN j.retry_count >= j.retry_limit THEN j.start_after
                              WHEN NOT j.retry_backoff THEN now() + j.retry_delay * interval '1 second'
                              ELSE now() + (j.retry_delay * 2 ^ LEAST(16, j.retry_count + 1) / 2
                                            + j.retry_delay * 2 ^ LEAST(16, j.retry_count + 1) / 2 * random()) * interval '1 second' END,
           completed_on = CASE WHEN j.retry_count < j.retry_limit THEN NULL ELSE now() END,
           output = jsonb_build_object('message', $4::text, 'clean', $5::boolean)
      FROM unnest($2::uuid[], $3::int[]) AS l(id, rc)
     WHERE j.name = $1 AND j.id = l.id AND j.retry_count = l.rc AND j.state = 'active'
    RETURNING 1)
  SELECT count(*)::int AS n FROM failed`;

/** Renews leases; answers the ids still held. */
const RENEW_SQL = `
  UPDATE pgboss.job j SET started_on = now()
    FROM unnest($2::uuid[], $3::int[]) AS l(id, rc)
   WHERE j.name = $1 AND j.id = l.id AND j.retry_count = l.rc AND j.state = 'active'
  RETURNING j.id`;

/** Renews one lease and keeps a checkpoint in the job's data (pg-boss carries data over retries). */
const CHECKPOINT_SQL = `
  UPDATE pgboss.job SET started_on = now(), data = jsonb_set(COALESCE(data, '{}'::jsonb), '{_checkpoint}', $4::jsonb)
   WHERE name = $1 AND id = $2 AND retry_count = $3 AND state = 'active'
  RETURNING id`;

/**
 * Hands the jobs of a queue whose lease ($2 seconds since the claim or the last renewal) ran out
 * back for a retry at once (their worker died or stalled: nothing failed, so no backoff, unlike
 * pg-boss's own expiry). One partition, a few rows: cheap every few seconds.
 */
const REAP_SQL = `
  UPDATE pgboss.job SET
         state = CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END::pgboss.job_state,
         completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
         output = jsonb_build_object('message', 'the lease ran out: its worker died or stalled')
   WHERE name = $1 AND state = 'active' AND started_on < now() - $2 * interval '1 second'
  RETURNING id`;

/** Where a job's checkpoint lives in its data (removed before the payload is parsed). */
export const CHECKPOINT_KEY = "_checkpoint";

export interface Claim {
  id: string;
  retryCount: number;
}

const leaseArgs = (claims: Claim[]) => [claims.map((c) => c.id), claims.map((c) => c.retryCount)];

export async function completeClaims(boss: PgBoss, name: string, claims: Claim[]): Promise<number> {
  const { rows } = await boss.getDb().executeSql(onQueue(COMPLETE_SQL, name), [name, ...leaseArgs(claims)]);
  return (rows[0] as { n: number }).n;
}

export async function failClaims(boss: PgBoss, name: string, claims: Claim[], message: string, clean: boolean): Promise<number> {
  const { rows } = await boss.getDb().executeSql(onQueue(FAIL_SQL, name), [name, ...leaseArgs(claims), message, clean]);
  return (rows[0] as { n: number }).n;
}

export async function renewClaims(boss: PgBoss, name: string, claims: Claim[]): Promise<Set<string>> {
  const { rows } = await boss.getDb().executeSql(onQueue(RENEW_SQL, name), [name, ...leaseArgs(claims)]);
  return new Set((rows as { id: string }[]).map((r) => r.id));
}

export async function checkpointClaim(boss: PgBoss, name: string, claim: Claim, value: unknown): Promise<boolean> {
  const { rows } = await boss.getDb().executeSql(onQueue(CHECKPOINT_SQL, name), [name, claim.id, claim.retryCount, JSON.stringify(value ?? null)]);
  return rows.length > 0;
}

/**
 * Hands back for a retry the jobs this worker claimed and no longer holds: a claim, completion or
 * failure whose answer was lost with the database connection leaves a job active that nobody
 * runs. Only after such an error (a scan of the queue's rows).
 */
const ORPHANS_SQL = `
  UPDATE pgboss.job SET
         state = CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END::pgboss.job_state,
         completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
         output = jsonb_build_object('message', 'its worker lost track of it when the database connection failed')
   WHERE name = $1 AND state = 'active' AND output->>'worker' = $2::jsonb->>'worker' AND NOT (id = ANY($3::uuid[]))
  RETURNING id`;

export async function releaseOrphans(boss: PgBoss, name: string, worker: string, inHand: string[]): Promise<number> {
  const { rows } = await boss.getDb().executeSql(onQueue(ORPHANS_SQL, name), [name, worker, inHand]);
  return rows.length;
}

export async function reapExpiredLeases(boss: PgBoss, name: string, leaseSeconds: number): Promise<number> {
  const { rows } = await boss.getDb().executeSql(onQueue(REAP_SQL, name), [name, leaseSeconds]);
  return rows.length;
}
