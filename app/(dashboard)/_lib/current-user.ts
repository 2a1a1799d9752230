// The signed-in user and their account for server components. The JWT carries the user's id;
// the user is re-read on every request, so a removed user, a changed role or platform
// administrator flag, or the suspension of the account takes effect at once.
import { cache } from "react";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";
import { getDatabase } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { contextFor } from "@/lib/server/context";
import type { Role } from "@/lib/db/generated/enums";
import { isUuid } from "@/lib/ids";
import { mustSetUpTwoFactor } from "@/lib/core/two-factor/two-factor-policy";

export interface CurrentUser {
  userId: string;
  accountId: string;
  email: string;
  name: string;
  role: Role;
  /** Runs the platform: sees the Operator area. */
  platformAdmin: boolean;
  account: { id: string; name: string; currency: string; balanceMicros: bigint };
  /** The account requires two-factor sign-in and this user has not set it up: that comes first. */
  mustSetUpTwoFactor: boolean;
  ctx: Ctx;
}

/** Where a user is sent whose account requires two-factor sign-in they have not set up. */
export const twoFactorSetupPath = "/two-factor-setup";

/** The session's user with their account (suspended or not), or null. */
const sessionUser = cache(async () => {
  const session = await getServerSession(authOptions());
  const { id, sv } = (session?.user ?? {}) as { id?: string; sv?: number };
  if (!id || !isUuid(id)) return null;
  const ctx = contextFor(await getDatabase());
  const user = await ctx.db.user.findUnique({ where: { id }, include: { account: true } });
  // A session signed in before the user's sessions were ended (lib/auth/session.ts).
  if (user && user.sessionVersion !== (sv ?? 0)) return null;
  return user && { user, ctx };
});

/** The session's user, or null when there is no session, its user no longer exists or its account is suspended. */
export const findCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const found = await sessionUser();
  if (!found || found.user.account.suspendedAt) return null;
  const { user, ctx } = found;
  const { account } = user;
  return {
    userId: user.id,
    accountId: user.accountId,
    email: user.email,
    name: user.name,
    role: user.role,
    platformAdmin: user.platformAdmin,
    account: { id: account.id, name: account.name, currency: account.currency, balanceMicros: account.balanceMicros },
    mustSetUpTwoFactor: await mustSetUpTwoFactor(ctx, { id: user.id, accountId: user.accountId }),
    ctx,
  };
});

/**
 * The signed-in user; without one, the login page, which comes back to `from` afterwards.
 * (A server component cannot see the request path, so each page names its own.)
 */
export async function currentUser(from: string): Promise<CurrentUser> {
  const user = await findCurrentUser();
  if (!user) {
    // A suspended account's user is told why on the login page (it signs nobody in meanwhile).
    const suspended = (await sessionSuspended()) ? "error=AccountSuspended&" : "";
    redirect(from === "/" && !suspended ? "/login" : `/login?${suspended}callbackUrl=${encodeURIComponent(from)}`);
  }
  if (user.mustSetUpTwoFactor) redirect(twoFactorSetupPath);
  return user;
}

/** The session's user belongs to a suspended account (findCurrentUser answers null for them). */
export async function sessionSuspended(): Promise<boolean> {
  return Boolean((await sessionUser())?.user.account.suspendedAt);
}
