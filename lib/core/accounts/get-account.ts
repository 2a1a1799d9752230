import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";

export async function getAccount(ctx: Ctx, accountId: string) {
  const account = await ctx.db.account.findUnique({ where: { id: accountId } });
  if (!account) fail("accountNotFound");
  return account;
}
