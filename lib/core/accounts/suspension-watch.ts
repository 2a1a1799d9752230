// Whether an account is suspended, for work that runs a while on its behalf (a campaign batch
// handing a thousand parts to the carrier): asked before every part, so it answers from memory
// and reads the account again at most once per interval, in the background.
import type { Ctx } from "../context.ts";

export interface SuspensionWatch {
  /** Reads the state now (call once before the work starts). */
  check(): Promise<boolean>;
  /** The state last read; starts a new read when that is older than the interval. */
  suspended(): boolean;
}

/** `known`: the state the caller has just read (the first read is then an interval later). */
export function watchSuspension(ctx: Ctx, accountId: string, known?: boolean, intervalMs = 1000): SuspensionWatch {
  let suspended = known ?? false;
  let readAt = known === undefined ? 0 : Date.now();
  let reading: Promise<boolean> | null = null;
  const check = () =>
    (reading ??= ctx.sql
      .query<{ suspended: boolean }>(`SELECT suspended_at IS NOT NULL AS suspended FROM accounts WHERE id = $1::uuid`, [accountId])
      .then(
        (r) => {
          suspended = r.rows[0]?.suspended ?? false;
          readAt = Date.now();
          return suspended;
        },
        // A failed read keeps the last answer; the work's own statements fail loudly enough.
        () => suspended,
      )
      .finally(() => (reading = null)));
  return {
    check,
    suspended() {
      if (Date.now() - readAt > intervalMs) void check();
      return suspended;
    },
  };
}
