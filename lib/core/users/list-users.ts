// The account's dashboard users, owners first, then by name and email.
import type { Ctx } from "../context.ts";

export async function listUsers(ctx: Ctx, accountId: string) {
  const users = await ctx.db.user.findMany({
    where: { accountId },
    select: { id: true, email: true, name: true, role: true, createdAt: true, lastLoginAt: true },
  });
  const rank = { owner: 0, marketer: 1, support: 2 } as const;
  return users.sort((a, b) => rank[a.role] - rank[b.role] || (a.name || a.email).localeCompare(b.name || b.email, "en"));
}
