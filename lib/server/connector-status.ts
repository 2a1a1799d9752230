// Each worker writes what it sees of its connections to table connector_status every few
// seconds (a row per connector and worker), so any web instance shows the same live view: the
// state of each bind, the window in use, rates worked out from the counters' growth since the
// last write, and the circuit breaker.
import os from "node:os";
import type { Ctx } from "../core/context.ts";
import type { BindStatus, Carrier } from "../core/ports/carrier.ts";
import type { Router } from "../core/routing/router.ts";

/** This process, as its status rows name it. */
export function workerName(): string {
  return `${os.hostname()}:${process.pid}`;
}

interface Sample {
  at: number;
  counters: Record<string, number>;
}
const previous = new WeakMap<Carrier, Sample>();

function stateOf(binds: readonly Pick<BindStatus, "state">[]): string {
  const bound = binds.filter((b) => b.state === "bound").length;
  if (bound === binds.length && bound > 0) return "bound";
  if (bound > 0) return "degraded";
  return binds.some((b) => b.state === "connecting") ? "connecting" : "down";
}

/** A connector whose connection could not be made at all (not a bind failure: those show per bind). */
export interface StartFailure {
  id: string;
  fingerprint: string;
  error: string;
  since: Date;
}

export async function reportConnectorStatus(ctx: Ctx, worker: string, live: Iterable<{ id: string; carrier: Carrier }>, router: Router, failures: Iterable<StartFailure> = []): Promise<void> {
  const rows: unknown[] = [];
  for (const f of failures)
    rows.push({ connector_id: f.id, state: "down", binds: [{ index: 0, kind: "trx", state: "down", lastError: f.error, since: f.since, inFlight: 0 }], counters: {}, rates: {}, breaker: "closed" });
  const now = performance.now();
  for (const { id, carrier } of live) {
    const stats = carrier.stats();
    const detail = carrier.status?.();
    const binds = detail?.binds ?? Array.from({ length: stats.binds }, (_, i) => ({ index: i, state: i < stats.connected ? "bound" : "connecting" }));
    const counters: Record<string, number> = { ...(detail?.counters ?? {}) };
    const before = previous.get(carrier);
    const seconds = before ? (now - before.at) / 1000 : 0;
    const rate = (name: string) => (before && seconds > 0 ? Math.max(0, ((counters[name] ?? 0) - (before.counters[name] ?? 0)) / seconds) : 0);
    previous.set(carrier, { at: now, counters });
    rows.push({
      connector_id: id,
      state: stateOf(binds),
      binds,
      counters: { ...counters, inFlight: stats.inFlight, window: (stats.window ?? 0) * stats.binds },
      rates: {
        submitsPerSecond: rate("submitted"),
        receiptsPerSecond: rate("receipts"),
        throttledPerSecond: rate("throttled"),
        latencyMs: detail?.latencyMs ?? null,
        queued: detail?.queued ?? 0,
      },
      breaker: router.breakerState(id),
    });
  }
  await ctx.sql.query(
    `WITH r AS (SELECT * FROM json_to_recordset($2::json) AS r(connector_id uuid, state text, binds jsonb, counters jsonb, rates jsonb, breaker text)),
     gone AS (DELETE FROM connector_status s WHERE s.worker = $1 AND NOT EXISTS (SELECT 1 FROM r WHERE r.connector_id = s.connector_id))
     INSERT INTO connector_status (connector_id, worker, state, binds, counters, rates, breaker, updated_at)
     SELECT r.connector_id, $1, r.state, r.binds, r.counters, r.rates, r.breaker, now() FROM r
      WHERE EXISTS (SELECT 1 FROM connectors c WHERE c.id = r.connector_id)
     ON CONFLICT (connector_id, worker) DO UPDATE SET state = excluded.state, binds = excluded.binds, counters = excluded.counters,
       rates = excluded.rates, breaker = excluded.breaker, updated_at = excluded.updated_at`,
    [worker, JSON.stringify(rows)],
  );
}

/** A worker that stops takes its rows with it. */
export async function forgetWorkerStatus(ctx: Ctx, worker: string): Promise<void> {
  await ctx.sql.query(`DELETE FROM connector_status WHERE worker = $1`, [worker]);
}
