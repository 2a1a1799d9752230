// A user's own password, asked for again before a change to their sign-in (a new password,
// turning two-factor sign-in off, new recovery codes). Wrong ones count toward one back-off per
// user, so a stolen session cannot guess it.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { clearFailures, noteFailure, refuseThrottled } from "../throttle/failure-throttle.ts";
import { verifyPassword } from "./hashing.ts";

/** Throws 400 wrongPassword on `property` (with `hint`), or 429 while too many were wrong. */
export async function checkOwnPassword(ctx: Ctx, userId: string, password: string, o: { what: string; property: string; hint: string }): Promise<void> {
  const key = { key: `password-change:${userId}`, free: 5 };
  await refuseThrottled(ctx, [key], o.what);
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user) fail("userNotFound");
  if (!(await verifyPassword(password, user.passwordHash))) {
    await noteFailure(ctx, [key]);
    fail("wrongPassword", { property: o.property, properties: { [o.property]: o.hint } });
  }
  await clearFailures(ctx, key);
}
