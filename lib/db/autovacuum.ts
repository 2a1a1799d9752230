// Embedded PGlite runs PostgreSQL in single-user mode: no autovacuum launcher, so nothing ever
// vacuums or analyzes its tables. Dead row versions pile up in the indexes, the planner keeps the
// statistics of the empty tables it was migrated with, and a statement prepared then keeps its
// plan. The queue's claim (a prepared statement run a few times a second) grew from 1 ms to
// 40-150 ms within a minute of single messages, half of the embedded server's CPU (B13 on PGlite,
// docs/performance.md). This does what autovacuum would, with its default thresholds: every few
// seconds, the tables whose dead rows, inserted rows or changes since the last ANALYZE passed
// them are vacuumed or analyzed, one at a time. ANALYZE also makes PostgreSQL plan the prepared
// statements on those tables again.
import { log } from "../log/logger.ts";
import type { Sql } from "./connection.ts";

// PostgreSQL's defaults: autovacuum_vacuum_threshold / _scale_factor, autovacuum_vacuum_insert_
// threshold / _scale_factor, autovacuum_analyze_threshold / _scale_factor.
const DUE = `
  SELECT format('%I.%I', s.schemaname, s.relname) AS name,
         (s.n_dead_tup > 50 + 0.2 * t.rows OR s.n_ins_since_vacuum > 1000 + 0.2 * t.rows) AS vacuum
    FROM pg_stat_user_tables s
    JOIN pg_class c ON c.oid = s.relid
   CROSS JOIN LATERAL (SELECT greatest(c.reltuples, 0) AS rows) t
   WHERE c.relkind = 'r'
     AND (s.n_dead_tup > 50 + 0.2 * t.rows OR s.n_ins_since_vacuum > 1000 + 0.2 * t.rows OR s.n_mod_since_analyze > 50 + 0.1 * t.rows)
   ORDER BY s.n_dead_tup + s.n_mod_since_analyze DESC`;

export interface Upkeep {
  /** The table, schema-qualified and quoted. */
  table: string;
  /** VACUUM (ANALYZE), or ANALYZE alone. */
  vacuumed: boolean;
  ms: number;
}

/** Vacuums or analyzes every table past autovacuum's thresholds, one statement each; what it did. */
export async function vacuumDue(sql: Sql): Promise<Upkeep[]> {
  const { rows } = await sql.query<{ name: string; vacuum: boolean }>(DUE);
  const done: Upkeep[] = [];
  for (const r of rows) {
    const started = performance.now();
    try {
      // One statement per exec: VACUUM runs in no transaction block, a script included.
      await sql.exec(r.vacuum ? `VACUUM (ANALYZE) ${r.name}` : `ANALYZE ${r.name}`);
    } catch (err) {
      // Dropped since the list was read (a test's table, say): nothing left to do for it.
      if ((err as { code?: string }).code === "42P01") continue;
      throw err;
    }
    done.push({ table: r.name, vacuumed: r.vacuum, ms: performance.now() - started });
  }
  return done;
}

export interface Autovacuum {
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/** Runs vacuumDue every `intervalMs` (a round waits for the previous one) until stopped. */
export function startAutovacuum(sql: Sql, intervalMs = 10_000): Autovacuum {
  let running: Promise<void> | null = null;
  let stopped = false;
  const round = async () => {
    try {
      for (const u of await vacuumDue(sql)) if (u.ms > 1000) log("info", "embedded autovacuum: a slow table", { table: u.table, vacuumed: u.vacuumed, ms: Math.round(u.ms) });
    } catch (err) {
      // The database closing under a round, say: the next round tries again.
      if (!stopped) log("warn", "embedded autovacuum failed", { error: err instanceof Error ? err.message : String(err) });
    }
  };
  const timer = setInterval(() => {
    if (!running) running = round().finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
