// Where a database's connections spend their time during a load: pg_stat_activity sampled every
// few milliseconds from a separate connection, each backend classed as running a statement,
// waiting for a lock, idle inside a transaction (the client is thinking: the transaction is open
// while the application works between two statements) or idle.
import pg from "pg";

export interface ActivitySummary {
  samples: number;
  /** Mean number of the database's connections in each state over the samples. */
  mean: Record<string, number>;
  /** The lock waits seen, by wait event, as mean connections. */
  lockWaits: Record<string, number>;
}

export async function sampleActivity(adminUrl: string, database: string, intervalMs = 20): Promise<{ stop(): Promise<ActivitySummary> }> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const totals: Record<string, number> = {};
  const lockWaits: Record<string, number> = {};
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ state: string | null; wait_event_type: string | null; wait_event: string | null; query: string }>(
        `SELECT state, wait_event_type, wait_event, left(query, 60) AS query
           FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        [database],
      );
      samples++;
      for (const r of rows) {
        let cls: string;
        if (r.state === "active") {
          if (r.wait_event_type === "Lock") {
            cls = "waiting for a lock";
            const k = `${r.wait_event}`;
            lockWaits[k] = (lockWaits[k] ?? 0) + 1;
          } else if (r.wait_event_type === "Client" || r.wait_event_type === null) cls = "running a statement";
          else cls = `running (waiting on ${r.wait_event_type}:${r.wait_event})`;
        } else if (r.state === "idle in transaction") cls = "idle in transaction (app between statements)";
        else cls = r.state ?? "unknown";
        totals[cls] = (totals[cls] ?? 0) + 1;
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const mean = Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, v / Math.max(1, samples)]));
      const waits = Object.fromEntries(Object.entries(lockWaits).map(([k, v]) => [k, v / Math.max(1, samples)]));
      return { samples, mean, lockWaits: waits };
    },
  };
}
