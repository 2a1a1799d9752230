// The one statement that ends a batch of callback attempts: stores every attempt, brings each
// destination's health up to date (consecutive failures, last error; paused once it has failed
// the account's N times over at least T minutes), and sets each callback's state. A callback
// whose attempt failed at an endpoint that is (now) paused waits as a dead letter ('paused')
// instead of burning its retries; its id comes back so its job ends without one.
import type { Ctx } from "../context.ts";
import type { Sql } from "../../db/connection.ts";

export interface Outcome {
  callback_id: string;
  account_id: string;
  endpoint: string;
  attempt: number;
  at: string;
  status_code: number;
  latency_ms: number;
  error: string;
  response_body: string;
  /** JSON of the answer's headers, or null. */
  response_headers: string | null;
  signature: string;
  replayed_by: string | null;
  last: boolean;
  ok: boolean;
  completed_at: string | null;
  /** When callbacks.deliver claims it again (ms from now): a retry; null: none (a last attempt, or another sender retries it). */
  retry_in_ms: number | null;
}

/** Defaults when an account has no webhook_settings row (the table's own defaults). */
export const DEFAULT_PAUSE_AFTER_FAILURES = 20;
export const DEFAULT_PAUSE_AFTER_MINUTES = 10;

const columns = [
  ["callback_id", "uuid"],
  ["account_id", "uuid"],
  ["endpoint", "text"],
  ["attempt", "int"],
  ["at", "timestamptz"],
  ["status_code", "int"],
  ["latency_ms", "int"],
  ["error", "text"],
  ["response_body", "text"],
  ["response_headers", "text"],
  ["signature", "text"],
  ["replayed_by", "text"],
  ["last", "boolean"],
  ["ok", "boolean"],
  ["completed_at", "timestamptz"],
  ["retry_in_ms", "int"],
] as const satisfies ReadonlyArray<readonly [keyof Outcome, string]>;

// Arrays, not a JSON document: the planner sees how many rows there are and updates them by
// primary key (a JSON recordset is estimated at 100 rows and hash-joined with a scan of callbacks).
// Endpoints are upserted in key order, so two batches lock their rows in the same order.
const statement = `WITH r AS (
  SELECT * FROM unnest(${columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(", ")})
    AS r(${columns.map(([c]) => c).join(", ")})
), logged AS (
  INSERT INTO callback_attempts (id, callback_id, attempt, at, status_code, latency_ms, error, response_body, response_headers, signature, replayed_by)
  SELECT gen_random_uuid(), callback_id, attempt, at, status_code, latency_ms, error, response_body, response_headers::jsonb, signature, replayed_by FROM r
), b AS (
  SELECT account_id, endpoint, max(at) FILTER (WHERE ok) AS ok_at, max(at) FILTER (WHERE NOT ok) AS fail_at FROM r GROUP BY 1, 2
), t AS (
  SELECT b.account_id, b.endpoint, b.ok_at, b.fail_at,
         count(*) FILTER (WHERE NOT r.ok AND (b.ok_at IS NULL OR r.at > b.ok_at))::int AS trailing,
         min(r.at) FILTER (WHERE NOT r.ok AND (b.ok_at IS NULL OR r.at > b.ok_at)) AS trailing_since,
         (array_agg(r.status_code ORDER BY r.at DESC))[1] AS last_status,
         coalesce((array_agg(CASE WHEN r.error <> '' THEN r.error ELSE 'answered ' || r.status_code END ORDER BY r.at DESC) FILTER (WHERE NOT r.ok))[1], '') AS last_error
    FROM b JOIN r ON r.account_id = b.account_id AND r.endpoint = b.endpoint
   GROUP BY 1, 2, 3, 4
), health AS (
  INSERT INTO webhook_endpoints AS w (account_id, endpoint, consecutive_failures, failing_since, last_success_at, last_failure_at, last_status, last_error, paused_at, updated_at)
  SELECT t.account_id, t.endpoint, t.trailing, t.trailing_since, t.ok_at, t.fail_at, t.last_status, t.last_error,
         CASE WHEN t.trailing >= coalesce(s.pause_after_failures, ${DEFAULT_PAUSE_AFTER_FAILURES})
               AND $17::timestamptz - t.trailing_since >= make_interval(mins => coalesce(s.pause_after_minutes, ${DEFAULT_PAUSE_AFTER_MINUTES})) THEN $17::timestamptz END,
         $17::timestamptz
    FROM t LEFT JOIN webhook_settings s ON s.account_id = t.account_id
   ORDER BY t.account_id, t.endpoint
  ON CONFLICT (account_id, endpoint) DO UPDATE SET
    consecutive_failures = CASE WHEN excluded.last_success_at IS NOT NULL THEN excluded.consecutive_failures ELSE w.consecutive_failures + excluded.consecutive_failures END,
    failing_since = CASE WHEN excluded.last_success_at IS NOT NULL THEN excluded.failing_since ELSE coalesce(w.failing_since, excluded.failing_since) END,
    last_success_at = coalesce(excluded.last_success_at, w.last_success_at),
    last_failure_at = coalesce(excluded.last_failure_at, w.last_failure_at),
    last_status = excluded.last_status,
    last_error = CASE WHEN excluded.last_failure_at IS NOT NULL THEN excluded.last_error ELSE w.last_error END,
    paused_at = coalesce(w.paused_at, excluded.paused_at, CASE
      WHEN excluded.last_success_at IS NULL
       AND w.consecutive_failures + excluded.consecutive_failures >= (SELECT coalesce(max(s.pause_after_failures), ${DEFAULT_PAUSE_AFTER_FAILURES}) FROM webhook_settings s WHERE s.account_id = w.account_id)
       AND $17::timestamptz - coalesce(w.failing_since, excluded.failing_since) >= (SELECT make_interval(mins => coalesce(max(s.pause_after_minutes), ${DEFAULT_PAUSE_AFTER_MINUTES})) FROM webhook_settings s WHERE s.account_id = w.account_id)
      THEN $17::timestamptz END),
    updated_at = excluded.updated_at
  RETURNING w.account_id, w.endpoint, w.paused_at
), settled AS (
  UPDATE callbacks c
     SET attempts = r.attempt,
         state = CASE WHEN c.state = 'delivered' OR r.ok THEN 'delivered' WHEN h.paused_at IS NOT NULL THEN 'paused' WHEN r.last THEN 'failed' ELSE c.state END,
         completed_at = CASE WHEN c.state = 'delivered' THEN c.completed_at WHEN r.ok OR (r.last AND h.paused_at IS NULL) THEN r.completed_at ELSE c.completed_at END,
         due_at = CASE WHEN h.paused_at IS NOT NULL OR r.retry_in_ms IS NULL THEN NULL ELSE now() + r.retry_in_ms * interval '1 millisecond' END
    FROM r LEFT JOIN health h ON h.account_id = r.account_id AND h.endpoint = r.endpoint
   WHERE c.id = r.callback_id
  RETURNING c.id, c.state
)
SELECT id FROM settled WHERE state = 'paused'`;

/**
 * Stores the attempts (on `sql`: a transaction's, txSql, when more must commit with them);
 * answers the callbacks that now wait as dead letters.
 */
export async function storeOutcomes(ctx: Ctx, outcomes: readonly Outcome[], sql: Pick<Sql, "query"> | Sql = ctx.sql): Promise<Set<string>> {
  if (!outcomes.length) return new Set();
  const values: unknown[] = columns.map(([c]) => outcomes.map((o) => o[c]));
  values.push(ctx.now().toISOString());
  // Prepared where the executor can (not inside a Prisma transaction): planning this statement
  // cost about as much as running it for a batch of 100, and the generic plan finds each callback
  // by its primary key where a custom one hash-joined a scan of the backlog (B5).
  const { rows } = "prepared" in sql ? await sql.prepared<{ id: string }>("callbacks_store_outcomes", statement, values) : await sql.query<{ id: string }>(statement, values);
  return new Set(rows.map((r) => r.id));
}
