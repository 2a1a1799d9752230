// Gauges read when Prometheus scrapes, not kept up to date on any path: this worker's SMPP
// connections (bind states, window in use), the job queues' depth and the age of their oldest
// waiting job, and the database pool. (submit_sm latency is a histogram observed as answers come: registry.ts.)
import client from "prom-client";
import type { Database } from "../../db/connection.ts";
import type { Carrier } from "../../core/ports/carrier.ts";
import { isTableWork } from "../../jobs/job.ts";
import { jobs } from "../jobs.ts";

export interface LiveSources {
  /** Connector ids to names, as this process last saw them (kept after a connector closes). */
  connectorNames: Map<string, string>;
  database?: Database;
  connectors?: () => Iterable<{ id: string; name: string; carrier: Carrier }>;
}

/** How long a scrape waits for the queue query before leaving the queue gauges out. */
const QUERY_TIMEOUT_MS = 1000;

/** Names the connectors this worker holds now (their parts are counted by id). */
export function refreshConnectorNames(sources: LiveSources): void {
  for (const c of sources.connectors?.() ?? []) sources.connectorNames.set(c.id, c.name);
}

// The jobs due and waiting per queue: pg-boss's, and the rows of work claimed from its own table
// (TableWork: callbacks), each answering for itself what is due and unclaimed.
const tables = jobs.filter(isTableWork);
const QUEUE_BACKLOG = [
  `SELECT name, count(*)::int AS jobs, COALESCE(EXTRACT(EPOCH FROM now() - min(start_after)), 0)::float8 AS age
     FROM pgboss.job WHERE state < 'active' AND start_after <= now() GROUP BY name`,
  ...tables.map((t, i) => `SELECT $${i + 1}::text, b.jobs, b.age FROM (${t.backlog}) b WHERE b.jobs > 0`),
].join("\n UNION ALL ");

export function collectLive(registry: client.Registry, sources: LiveSources): void {
  const registers = [registry];
  const live = () => [...(sources.connectors?.() ?? [])];
  new client.Gauge({
    name: "switchboard_connector_binds",
    help: "This worker's SMPP binds per connector by state (bound, connecting, down)",
    labelNames: ["connector", "state"],
    registers,
    collect() {
      this.reset();
      for (const c of live()) {
        const binds = c.carrier.status?.().binds ?? [];
        for (const state of ["bound", "connecting", "down"] as const) this.set({ connector: c.name, state }, binds.filter((b) => b.state === state).length);
      }
    },
  });
  new client.Gauge({
    name: "switchboard_connector_up",
    help: "1 when at least one of the connector's binds is bound in this worker",
    labelNames: ["connector"],
    registers,
    collect() {
      this.reset();
      for (const c of live()) this.set({ connector: c.name }, c.carrier.stats().connected > 0 ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "switchboard_smpp_window_in_use",
    help: "submit_sm written and not yet answered, per connector and bind",
    labelNames: ["connector", "bind"],
    registers,
    collect() {
      this.reset();
      for (const c of live()) for (const b of c.carrier.status?.().binds ?? []) this.set({ connector: c.name, bind: String(b.index) }, b.inFlight);
    },
  });
  new client.Gauge({
    name: "switchboard_smpp_window_size",
    help: "Outstanding submit_sm allowed per bind, per connector",
    labelNames: ["connector"],
    registers,
    collect() {
      this.reset();
      for (const c of live()) {
        const w = c.carrier.stats().window;
        if (w !== undefined && Number.isFinite(w)) this.set({ connector: c.name }, w);
      }
    },
  });

  const queueJobs = new client.Gauge({ name: "switchboard_queue_jobs", help: "Jobs waiting to run per queue (created or to be retried, due now)", labelNames: ["queue"], registers });
  new client.Gauge({
    name: "switchboard_queue_oldest_job_age_seconds",
    help: "How long the oldest job due per queue has waited",
    labelNames: ["queue"],
    registers,
    async collect() {
      this.reset();
      queueJobs.reset();
      const db = sources.database;
      if (!db) return;
      const rows = await withTimeout(
        db.sql.query<{ name: string; jobs: number; age: number }>(
          QUEUE_BACKLOG,
          tables.map((t) => t.name),
        ),
      );
      for (const r of rows?.rows ?? []) {
        queueJobs.set({ queue: r.name }, r.jobs);
        this.set({ queue: r.name }, Math.max(0, r.age));
      }
    },
  });
  new client.Gauge({
    name: "switchboard_db_pool_connections",
    help: "This process's PostgreSQL pool: connections in use and idle, and requests waiting for one",
    labelNames: ["state"],
    registers,
    collect() {
      this.reset();
      const p = sources.database?.poolStats?.();
      if (!p) return;
      this.set({ state: "in_use" }, p.total - p.idle);
      this.set({ state: "idle" }, p.idle);
      this.set({ state: "waiting" }, p.waiting);
    },
  });
}

/** The query's result, or null when the database did not answer in time (the scrape goes on without). */
async function withTimeout<T>(p: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), QUERY_TIMEOUT_MS)));
  try {
    return await Promise.race([p.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}
