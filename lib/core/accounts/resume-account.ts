// The platform operator reactivates a suspended account: in one transaction the suspension ends
// and every job its suspension parked (a scheduled campaign's start, the rest of a batch) is
// enqueued again, so its campaigns go on whole, each recipient sent once.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { txSql } from "../../db/tx-sql.ts";
import { accountState } from "./suspension.ts";
import { unparkJobs } from "./park-job.ts";

export async function resumeAccount(ctx: Ctx, input: { accountId: string }) {
  // Queues are created before the transaction that enqueues (one connection on PGlite).
  await ctx.enqueue.ready();
  const { account, unparked } = await ctx.db.$transaction(async (tx) => {
    // The row is updated before the parked jobs are taken: see park-job.ts.
    const { rows } = await txSql(tx).query<{ was: Date | null }>(
      `UPDATE accounts a SET suspended_at = NULL, suspended_reason = '' FROM (SELECT id, suspended_at AS was FROM accounts WHERE id = $1::uuid FOR UPDATE) b
        WHERE a.id = b.id RETURNING b.was`,
      [input.accountId],
    );
    if (!rows[0]) fail("accountNotFound");
    const unparked = await unparkJobs(ctx, tx, input.accountId);
    if (rows[0].was !== null) await ctx.events.publish(ctx, tx, "account.state", { accountId: input.accountId, suspended: false, reason: "" });
    return { account: await tx.account.findUniqueOrThrow({ where: { id: input.accountId } }), unparked };
  });
  for (const name of unparked.queues) ctx.wake({ name });
  return { accountId: account.id, state: accountState(account), resumedJobs: unparked.count };
}
