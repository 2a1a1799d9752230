// Checks dashboard credentials. Unknown emails still pay for a hash comparison, so timing does
// not reveal which emails exist. The right password of a suspended account's user is refused
// with 403 accountSuspended (the sign-in page says why); a wrong one learns nothing of it.
import type { Ctx } from "../context.ts";
import { verifyPassword } from "../secrets/hashing.ts";
import { refuseSuspended } from "../accounts/suspension.ts";

const decoy = "$2b$10$CwTycUXWue0Thq9StjUM0uJ8Dpl1kVsoCNs1kItWd6kF7i6H8qYdK";

export async function authenticateUser(ctx: Ctx, email: string, password: string) {
  const user = await ctx.db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    include: { account: true },
  });
  const ok = await verifyPassword(password, user?.passwordHash ?? decoy);
  if (!user || !ok) return null;
  refuseSuspended(user.account, "Its users cannot sign in");
  await ctx.db.user.update({ where: { id: user.id }, data: { lastLoginAt: ctx.now() } });
  return user;
}
