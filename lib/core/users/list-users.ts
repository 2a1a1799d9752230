// The account's dashboard users, owners first, then by name and email, each with whether their
// two-factor sign-in is on (owners see who still signs in with a password alone).
import type { Ctx } from "../context.ts";

export async function listUsers(ctx: Ctx, accountId: string) {
  const users = await ctx.db.user.findMany({
    where: { accountId },
    select: { id: true, email: true, name: true, role: true, createdAt: true, lastLoginAt: true },
  });
  const withCodes = await ctx.db.userTwoFactor.findMany({ where: { userId: { in: users.map((u) => u.id) }, enabledAt: { not: null } }, select: { userId: true } });
  const on = new Set(withCodes.map((t) => t.userId));
  const rank = { owner: 0, marketer: 1, support: 2 } as const;
  return users.map((u) => ({ ...u, twoFactor: on.has(u.id) })).sort((a, b) => rank[a.role] - rank[b.role] || (a.name || a.email).localeCompare(b.name || b.email, "en"));
}
