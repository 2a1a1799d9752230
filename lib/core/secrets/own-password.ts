// A user's own password, asked for again before a change to their sign-in (a new password,
// turning two-factor sign-in off, new recovery codes). Wrong ones count toward one back-off per
// user, so a stolen session cannot guess it. Each check is counted before its hash (claimAttempt):
// of a burst sent at once only the free failures are hashed, the rest wait.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { claimAttempt, clearFailures } from "../throttle/failure-throttle.ts";
import { verifyPassword } from "./hashing.ts";

/** Throws 400 wrongPassword on `property` (with `hint`), or 429 while too many were wrong. */
export async function checkOwnPassword(ctx: Ctx, userId: string, password: string, o: { what: string; property: string; hint: string }): Promise<void> {
  const key = { key: `password-change:${userId}`, free: 5 };
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user) fail("userNotFound");
  await claimAttempt(ctx, [key], o.what); // counted as wrong until the hash says otherwise
  if (!(await verifyPassword(password, user.passwordHash))) fail("wrongPassword", { property: o.property, properties: { [o.property]: o.hint } });
  await clearFailures(ctx, key);
}
