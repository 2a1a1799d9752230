// The account platform administrators made on the command line without --account belong to:
// the one the first administrator belongs to, or else a new account of the platform's own (no
// balance, no traffic), so that `user create --platform-admin` needs no customer account.
import type { Ctx } from "../context.ts";

export const PLATFORM_ACCOUNT_NAME = "Platform operator";

export async function platformAccount(ctx: Ctx): Promise<string> {
  const admin = await ctx.db.user.findFirst({ where: { platformAdmin: true }, orderBy: { createdAt: "asc" }, select: { accountId: true } });
  if (admin) return admin.accountId;
  const account = await ctx.db.account.create({ data: { name: PLATFORM_ACCOUNT_NAME, createdAt: ctx.now() } });
  return account.id;
}
