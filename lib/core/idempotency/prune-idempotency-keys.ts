// Hourly housekeeping: stored answers of Idempotency-Keys older than 24 hours are of no further
// use (a retry after that runs as a new request).
import type { Ctx } from "../context.ts";
import { defineCronJob } from "../../jobs/job-shorthands.ts";
import { KEY_RETENTION_MS } from "./claim-idempotency-key.ts";

export async function pruneIdempotencyKeys(ctx: Ctx): Promise<number> {
  const { rows } = await ctx.sql.query<{ n: number }>("WITH gone AS (DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone", [
    new Date(ctx.now().getTime() - KEY_RETENTION_MS),
  ]);
  return rows[0]?.n ?? 0;
}

export const pruneIdempotencyKeysJob = defineCronJob("maintenance.prune-idempotency-keys", "23 * * * *", { retryLimit: 2 }, pruneIdempotencyKeys);
