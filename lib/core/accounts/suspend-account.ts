// The platform operator suspends an account: from the commit on, its tokens get 403
// accountSuspended (and no new one is issued), its users cannot sign in and their sessions are
// refused, and its campaigns' jobs park themselves (park-job.ts) instead of sending. Nothing is
// deleted or failed: reactivation (resume-account.ts) picks everything up where it stopped.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { txSql } from "../../db/tx-sql.ts";
import { accountState } from "./suspension.ts";

export const MAX_REASON = 500;

export interface SuspendAccountInput {
  accountId: string;
  /** Told to the account's callers and users; may be "". */
  reason?: string;
}

export async function suspendAccount(ctx: Ctx, input: SuspendAccountInput) {
  const reason = (input.reason ?? "").trim();
  if (reason.length > MAX_REASON) fail("validation", { message: `The reason is at most ${MAX_REASON} characters.`, property: "reason" });
  const account = await ctx.db.$transaction(async (tx) => {
    const locked = await txSql(tx).query<{ suspended_at: Date | null }>(`SELECT suspended_at FROM accounts WHERE id = $1::uuid FOR UPDATE`, [input.accountId]);
    if (!locked.rows[0]) fail("accountNotFound");
    // Its own administrators would be locked out of the console that reactivates it.
    if (await tx.user.count({ where: { accountId: input.accountId, platformAdmin: true } })) fail("adminAccountSuspension");
    const already = locked.rows[0].suspended_at !== null;
    const updated = await tx.account.update({
      where: { id: input.accountId },
      data: { suspendedReason: reason, ...(already ? {} : { suspendedAt: ctx.now() }) },
    });
    if (!already) await ctx.events.publish(ctx, tx, "account.state", { accountId: input.accountId, suspended: true, reason });
    return updated;
  });
  return { accountId: account.id, state: accountState(account), reason: account.suspendedReason, suspendedAt: account.suspendedAt };
}
