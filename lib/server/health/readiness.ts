// Whether this process should be sent work: the database answers within a second, every
// migration is applied, the process is not shutting down, and where it runs jobs, its job engine
// runs (and on the embedded defaults, its carrier is bound). Liveness asks none of this.
import type { Database } from "../../db/connection.ts";
import { pendingMigrations } from "../../db/migrate.ts";

export interface ReadinessSources {
  /** The process's database (web: opened on first use, so it may be opening or have failed). */
  database(): Promise<Database>;
  /** Set while the process is shutting down: a load balancer must stop sending it requests. */
  stopping: boolean;
  /** API requests being answered now (withApi counts them): a shutdown waits for them. */
  requestsInFlight: number;
  /** Whether this process's job engine runs; absent where none does (WORKER=off). */
  jobsRunning?: () => boolean;
  /** Whether the carrier has a bound connection; asked only where it must (the embedded defaults). */
  carrierBound?: () => Promise<boolean>;
}

export interface Readiness {
  ready: boolean;
  /** What is not ready, by name (database, migrations, jobs, carrier, shutdown). */
  notReady: string[];
  checks: Record<string, { ok: boolean; detail: string }>;
}

const DATABASE_TIMEOUT_MS = 1000;

/** Migrations once seen all applied stay so for the process's life. */
let migrated = new WeakSet<Database>();

export async function readiness(s: ReadinessSources): Promise<Readiness> {
  const checks: Readiness["checks"] = {};
  let database: Database | null = null;
  try {
    database = await within(s.database(), "the database did not open");
    await within(database.sql.query("SELECT 1"), "the database did not answer");
    checks.database = { ok: true, detail: "answers" };
  } catch (e) {
    checks.database = { ok: false, detail: e instanceof Error ? e.message : String(e) };
  }
  if (database && checks.database.ok) {
    if (migrated.has(database)) checks.migrations = { ok: true, detail: "applied" };
    else {
      try {
        const pending = await within(pendingMigrations(database.sql), "the migrations could not be read");
        if (pending.length === 0) migrated.add(database);
        checks.migrations = pending.length ? { ok: false, detail: `${pending.length} not applied: ${pending.join(", ")}` } : { ok: true, detail: "applied" };
      } catch (e) {
        checks.migrations = { ok: false, detail: e instanceof Error ? e.message : String(e) };
      }
    }
  }
  // Read after the database's answer, with the job engine's state: a SIGTERM handled meanwhile
  // shows as "shutdown", never as a job engine stopped for no reason.
  if (s.stopping) checks.shutdown = { ok: false, detail: "shutting down" };
  if (s.jobsRunning) checks.jobs = s.jobsRunning() ? { ok: true, detail: "running" } : { ok: false, detail: "the job engine is not running" };
  if (s.carrierBound) checks.carrier = (await s.carrierBound().catch(() => false)) ? { ok: true, detail: "bound" } : { ok: false, detail: "no bind to the SMSC is up" };
  // The shutdown first: it explains the rest.
  const notReady = Object.entries(checks)
    .filter(([, c]) => !c.ok)
    .map(([name]) => name)
    .sort((a, b) => Number(b === "shutdown") - Number(a === "shutdown"));
  return { ready: notReady.length === 0, notReady, checks };
}

/** Forgets which databases were seen migrated (tests that migrate again). */
export function forgetMigrated(): void {
  migrated = new WeakSet();
}

function within<T>(p: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${message} within ${DATABASE_TIMEOUT_MS} ms`)), DATABASE_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}
