// Jobs of a suspended account are set aside (parked_jobs) instead of run, and enqueued again in
// the transaction that reactivates the account (resume-account.ts), so that nothing a suspension
// interrupts is lost and nothing runs twice. Parking is one statement that reads the suspension
// under a share lock of the account's row; reactivation updates that row before it takes the
// parked jobs. Whichever comes second sees what the first did: a job is never parked after its
// account's reactivation took the parked ones, where nobody would enqueue it again.
import { z } from "zod";
import type { Ctx, Tx } from "../context.ts";
import type { JobRef } from "../../jobs/job.ts";
import { txSql } from "../../db/tx-sql.ts";

export interface ParkInput {
  accountId: string;
  job: JobRef;
  /** Identifies the job's work in its queue: parking it again replaces the earlier row (latest payload). */
  key: string;
  payload: object;
}

/** Parks the job when its account is suspended (answers true: the caller stops); false when the account is active. */
export async function parkIfSuspended(ctx: Ctx, input: ParkInput): Promise<boolean> {
  const { rows } = await ctx.sql.query(
    `WITH a AS (SELECT id FROM accounts WHERE id = $1::uuid AND suspended_at IS NOT NULL FOR SHARE)
     INSERT INTO parked_jobs (name, key, account_id, payload, parked_at)
     SELECT $2, $3, a.id, $4::jsonb, $5 FROM a
     ON CONFLICT (name, key) DO UPDATE SET payload = EXCLUDED.payload, parked_at = EXCLUDED.parked_at
     RETURNING 1`,
    [input.accountId, input.job.name, input.key, JSON.stringify(input.payload), ctx.now()],
  );
  return rows.length > 0;
}

// Parked payloads were checked by their job's schema when it first ran; they go back as they are.
const asParked = z.record(z.string(), z.unknown());

/**
 * Inside the reactivation's transaction, after the account's row was updated: takes the account's
 * parked jobs and enqueues them again. Answers how many, and their queues (to wake after the commit).
 */
export async function unparkJobs(ctx: Ctx, tx: Tx, accountId: string): Promise<{ count: number; queues: string[] }> {
  const { rows } = await txSql(tx).query<{ name: string; payload: Record<string, unknown> }>(`DELETE FROM parked_jobs WHERE account_id = $1::uuid RETURNING name, payload`, [accountId]);
  const byName = new Map<string, { payload: Record<string, unknown> }[]>();
  for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), { payload: r.payload }]);
  for (const [name, items] of byName) await ctx.enqueue.many(tx, { name, payload: asParked }, items);
  return { count: rows.length, queues: [...byName.keys()] };
}
