// pg-boss on the application's own database: PostgreSQL through its own pool, PGlite through
// pg-boss's `db` option. Enqueueing can join a Prisma transaction, so a state change and the
// jobs it causes commit together.
import PgBoss from "pg-boss";
import type { Database } from "../db/connection.ts";
import type { Tx } from "../core/context.ts";
import type { JobDefinition } from "./job.ts";
import { log } from "../http/logger.ts";

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
 * first 100 distinct texts get a name. pg's query() takes a config object with the name;
 * lib/db/connection.ts hands the text to it unchanged.
 */
const MAX_PREPARED = 100;
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
      expireInSeconds: d.expireInSeconds,
    };
    if (await boss.getQueue(d.name)) await boss.updateQueue(d.name, options);
    else await boss.createQueue(d.name, options);
  }
}

/** pg-boss's per-call `db`, running its SQL inside a Prisma transaction. */
export function transactionDb(tx: Tx): PgBoss.Db {
  return {
    executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...(values ?? [])) }),
  };
}

export async function enqueue<T extends object>(
  boss: PgBoss,
  job: JobDefinition,
  payload: T,
  options: { tx?: Tx; singletonKey?: string; startAfter?: Date | number; id?: string } = {},
): Promise<string | null> {
  const data = job.payload.parse(payload) as object;
  return boss.send(job.name, data, {
    singletonKey: options.singletonKey,
    startAfter: options.startAfter,
    id: options.id,
    ...(options.tx ? { db: transactionDb(options.tx) } : {}),
  });
}

/** A claimed job: what a worker needs of the row, and no more. */
export interface ClaimedRow {
  id: string;
  data: unknown;
  retryCount: number;
  retryLimit: number;
  expireInSeconds: number;
}

/**
 * Claims up to `batchSize` jobs of a queue: pg-boss 10's own fetch statement (same order, same
 * locking, same retry counting and singleton grouping), returning five columns instead of the
 * twenty of fetch({ includeMetadata: true }), whose dates cost the worker more to parse than the
 * jobs it runs (B3, docs/performance.md).
 */
const CLAIM_SQL = `
  WITH next AS (
    SELECT id, singleton_key, policy
      FROM pgboss.job
     WHERE name = $1 AND state < 'active' AND start_after < now()
     ORDER BY priority DESC, created_on, id
     LIMIT $2
       FOR UPDATE SKIP LOCKED
  ), grouped AS (
    SELECT n.id, n.policy AS grouped_policy,
           row_number() OVER (PARTITION BY CASE WHEN $2 > 1 AND n.policy IN ('singleton', 'stately') THEN n.singleton_key ELSE n.id::text END) AS row_number
      FROM next n
  )
  UPDATE pgboss.job j
     SET state = 'active',
         started_on = now(),
         retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END
    FROM grouped
   WHERE name = $1 AND j.id = grouped.id
     AND ((grouped.grouped_policy IN ('singleton', 'stately') AND grouped.row_number = 1)
          OR COALESCE(grouped.grouped_policy, '') NOT IN ('singleton', 'stately'))
  RETURNING j.id, j.data, j.retry_count AS "retryCount", j.retry_limit AS "retryLimit", EXTRACT(epoch FROM j.expire_in)::float8 AS "expireInSeconds"`;

export async function claimJobs(boss: PgBoss, name: string, batchSize: number): Promise<ClaimedRow[]> {
  const { rows } = await boss.getDb().executeSql(CLAIM_SQL, [name, batchSize]);
  return rows as ClaimedRow[];
}
