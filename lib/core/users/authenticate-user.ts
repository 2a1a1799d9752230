// Checks dashboard credentials. Unknown emails still pay for a hash comparison, so timing does
// not reveal which emails exist. The right password of a suspended account's user is refused
// with 403 accountSuspended (the sign-in page says why); a wrong one learns nothing of it.
// Failures are counted per email and per client address: past a few, that email or address waits
// longer after each (429 tooManySignInAttempts), and while it waits no password is even hashed.
// An attempt is counted as a failure before its password is hashed and forgiven when it was right:
// a burst of guesses sent at once then finds the count and the wait already there, instead of
// all passing the check while the first hashes run (a burst of 50 used to hash about 50, not 20).
// Sign-ins and failures go to the audit log (a failure for an unknown email to no account's).
// A user with two-factor sign-in on also sends a code (401 secondFactorNeeded without one); a
// wrong code counts as a failure like a wrong password, so codes cannot be guessed either.
import type { Ctx } from "../context.ts";
import { hashPassword, needsRehash, verifyPassword } from "../secrets/hashing.ts";
import { refuseSuspended } from "../accounts/suspension.ts";
import { claimAttempt, clearFailures, forgiveFailures, noteFailure, type ThrottleKey } from "../throttle/failure-throttle.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { fail } from "../errors.ts";
import { checkSecondFactor } from "../two-factor/second-factor.ts";

let decoy: Promise<string> | undefined;

/** What a sign-in is counted under: its email (5 failures free) and its client address (20). */
export function signInKeys(email: string, address: string): [ThrottleKey, ...ThrottleKey[]] {
  const byEmail = { key: `sign-in-email:${normalEmail(email)}`, free: 5 };
  return address ? [byEmail, signInAddressKey(address)] : [byEmail];
}

export function signInAddressKey(address: string): ThrottleKey {
  return { key: `sign-in-address:${address}`, free: 20 };
}

/** `code`: the second factor (an authenticator's code or a recovery code) of a user who has it on. */
export async function authenticateUser(ctx: Ctx, email: string, password: string, address = "", userAgent = "", code?: string) {
  const keys = signInKeys(email, address);
  const counted = await claimAttempt(ctx, keys, "sign-ins");
  const user = await ctx.db.user.findUnique({
    where: { email: normalEmail(email) },
    include: { account: true },
  });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await (decoy ??= hashPassword("decoy password"))));
  const actor = { kind: "user" as const, id: user?.id ?? "", name: normalEmail(email) };
  if (!user || !ok) {
    await recordAudit(ctx, { accountId: user?.accountId ?? null, actor, action: "sign-in.failed", ip: address, userAgent });
    return null;
  }
  await forgiveFailures(ctx, counted);
  refuseSuspended(user.account, "Its users cannot sign in");
  const second = await checkSecondFactor(ctx, user.id, code);
  if (second.needed && !second.passed) {
    if (!code) fail("secondFactorNeeded");
    await noteFailure(ctx, keys);
    await recordAudit(ctx, { accountId: user.accountId, actor, action: "sign-in.failed", detail: { reason: "two-factor code" }, ip: address, userAgent });
    fail("wrongTwoFactorCode", { property: "code" });
  }
  if (second.needed && second.by === "recovery") {
    await recordAudit(ctx, { accountId: user.accountId, actor, action: "two-factor.recovery-code-used", detail: { left: second.left }, ip: address, userAgent });
  }
  await recordAudit(ctx, { accountId: user.accountId, actor, action: "sign-in", ...(second.needed ? { detail: { secondFactor: second.by } } : {}), ip: address, userAgent });
  await clearFailures(ctx, keys[0]);
  // A hash of an older scheme (bcrypt) or weaker parameters is replaced now that the password is known.
  const rehashed = needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(password) } : {};
  await ctx.db.user.update({ where: { id: user.id }, data: { lastLoginAt: ctx.now(), ...rehashed } });
  return user;
}

function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}
