// An account's retention: how many days its messages (with parts and events), callbacks (with
// attempts) and emails (with events) are kept, its own or the platform's (RETENTION_DAYS).
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { getAccount } from "../accounts/get-account.ts";

export const MIN_RETENTION_DAYS = 7;
export const MAX_RETENTION_DAYS = 3650;

export interface Retention {
  accountId: string;
  days: number;
  /** "account": set for this account; "platform": the platform's default. */
  source: "account" | "platform";
}

export async function accountRetention(ctx: Ctx, accountId: string): Promise<Retention> {
  const own = await ctx.db.retentionPolicy.findUnique({ where: { accountId } });
  return own ? { accountId, days: own.days, source: "account" } : { accountId, days: ctx.config.retentionDays, source: "platform" };
}

/** Sets the account's retention in days, or with null returns it to the platform's default. */
export async function setAccountRetention(ctx: Ctx, accountId: string, days: number | null): Promise<Retention> {
  await getAccount(ctx, accountId);
  if (days === null) {
    await ctx.db.retentionPolicy.deleteMany({ where: { accountId } });
    return accountRetention(ctx, accountId);
  }
  if (!Number.isInteger(days) || days < MIN_RETENTION_DAYS || days > MAX_RETENTION_DAYS)
    fail("validation", { message: `Retention is a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}.`, property: "days" });
  await ctx.db.retentionPolicy.upsert({ where: { accountId }, create: { accountId, days }, update: { days, updatedAt: ctx.now() } });
  return { accountId, days, source: "account" };
}
