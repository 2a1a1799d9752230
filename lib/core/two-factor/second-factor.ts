// The second step of signing in, after the right password of a user with two-factor sign-in on:
// a code of their authenticator (of a step after the last one accepted, so an overheard code
// cannot be used again) or one of their recovery codes (deleted as it is used).
import type { Ctx } from "../context.ts";
import { unsealTotpSecret } from "./manage-two-factor.ts";
import { acceptedStep, codePattern, looksLikeRecoveryCode, recoveryCodeHash } from "./totp.ts";

export type SecondFactor = { needed: false } | { needed: true; passed: false } | { needed: true; passed: true; by: "totp" } | { needed: true; passed: true; by: "recovery"; left: number };

export async function checkSecondFactor(ctx: Ctx, userId: string, code: string | undefined): Promise<SecondFactor> {
  const row = await ctx.db.userTwoFactor.findUnique({ where: { userId } });
  if (!row?.enabledAt) return { needed: false };
  const typed = (code ?? "").trim();
  if (codePattern.test(typed.replace(/\s/g, ""))) {
    const step = await acceptedStep(unsealTotpSecret(ctx, userId, row.secretSealed), typed, ctx.now(), row.lastStep);
    if (step === null) return { needed: true, passed: false };
    // Only one sign-in gets a step: a parallel one with the same code finds it taken.
    const { count } = await ctx.db.userTwoFactor.updateMany({ where: { userId, lastStep: { lt: step } }, data: { lastStep: step } });
    return count === 1 ? { needed: true, passed: true, by: "totp" } : { needed: true, passed: false };
  }
  if (looksLikeRecoveryCode(typed)) {
    const { count } = await ctx.db.twoFactorRecoveryCode.deleteMany({ where: { userId, codeHash: recoveryCodeHash(typed) } });
    if (count === 1) return { needed: true, passed: true, by: "recovery", left: await ctx.db.twoFactorRecoveryCode.count({ where: { userId } }) };
  }
  return { needed: true, passed: false };
}
