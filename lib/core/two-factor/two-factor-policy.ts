// Whether an account's owner requires two-factor sign-in of every user: a user of such an account
// without it is sent to set it up right after signing in, before any other page.
import type { Ctx } from "../context.ts";

export async function twoFactorRequired(ctx: Ctx, accountId: string): Promise<boolean> {
  const row = await ctx.db.twoFactorPolicy.findUnique({ where: { accountId }, select: { required: true } });
  return row?.required ?? false;
}

export async function setTwoFactorRequired(ctx: Ctx, accountId: string, required: boolean): Promise<{ required: boolean }> {
  await ctx.db.twoFactorPolicy.upsert({ where: { accountId }, create: { accountId, required, updatedAt: ctx.now() }, update: { required, updatedAt: ctx.now() } });
  return { required };
}

/** The user must set two-factor sign-in up before anything else: their account requires it and it is not on. */
export async function mustSetUpTwoFactor(ctx: Ctx, user: { id: string; accountId: string }): Promise<boolean> {
  if (!(await twoFactorRequired(ctx, user.accountId))) return false;
  const row = await ctx.db.userTwoFactor.findUnique({ where: { userId: user.id }, select: { enabledAt: true } });
  return !row?.enabledAt;
}
