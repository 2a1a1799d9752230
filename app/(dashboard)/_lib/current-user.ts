// The signed-in user and their account for server components. The JWT carries the user's id;
// the user is re-read on every request, so a removed user or a changed role takes effect at once.
import { cache } from "react";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";
import { getDatabase } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { contextFor } from "@/lib/server/context";
import type { Role } from "@/lib/db/generated/enums";
import { isUuid } from "@/lib/ids";

export interface CurrentUser {
  userId: string;
  accountId: string;
  email: string;
  name: string;
  role: Role;
  account: { id: string; name: string; currency: string; balanceMicros: bigint };
  ctx: Ctx;
}

/** The session's user, or null when there is no session or its user no longer exists. */
export const findCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = await getServerSession(authOptions());
  const id = (session?.user as { id?: string } | undefined)?.id;
  if (!id || !isUuid(id)) return null;
  const ctx = contextFor(await getDatabase());
  const user = await ctx.db.user.findUnique({ where: { id }, include: { account: true } });
  if (!user) return null;
  const { account } = user;
  return {
    userId: user.id,
    accountId: user.accountId,
    email: user.email,
    name: user.name,
    role: user.role,
    account: { id: account.id, name: account.name, currency: account.currency, balanceMicros: account.balanceMicros },
    ctx,
  };
});

/**
 * The signed-in user; without one, the login page, which comes back to `from` afterwards.
 * (A server component cannot see the request path, so each page names its own.)
 */
export async function currentUser(from: string): Promise<CurrentUser> {
  const user = await findCurrentUser();
  if (!user) redirect(from === "/" ? "/login" : `/login?callbackUrl=${encodeURIComponent(from)}`);
  return user;
}
