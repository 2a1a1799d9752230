// A user turns two-factor sign-in on (a secret shown once as a QR code, confirmed with a code of
// it, then ten recovery codes shown once) or off, or replaces their recovery codes with ten new
// ones (both with their password); an owner or the operator clears a user's (a lost phone). The
// secret is kept sealed and never shown again.
import QRCode from "qrcode";
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import { seal, unseal } from "../secrets/seal.ts";
import { checkOwnPassword } from "../secrets/own-password.ts";
import { claimAttempt, clearFailures } from "../throttle/failure-throttle.ts";
import { acceptedStep, newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash } from "./totp.ts";
import { twoFactorRequired } from "./two-factor-policy.ts";
import { recordAudit } from "../audit/record-audit.ts";

const purpose = "totp secret";
const ownPassword = { what: "password checks", property: "password", hint: "This is not your password" };
const issuer = "Switchboard";

export const sealTotpSecret = (ctx: Ctx, userId: string, secret: string) => seal(ctx.config.authSecret, purpose, userId, secret);
export const unsealTotpSecret = (ctx: Ctx, userId: string, sealed: string) => unseal(ctx.config.authSecret, purpose, userId, sealed);

export async function twoFactorStatus(ctx: Ctx, user: { id: string; accountId: string }) {
  const row = await ctx.db.userTwoFactor.findUnique({ where: { userId: user.id }, select: { enabledAt: true } });
  const recoveryCodesLeft = row?.enabledAt ? await ctx.db.twoFactorRecoveryCode.count({ where: { userId: user.id } }) : 0;
  return { enabled: Boolean(row?.enabledAt), enabledAt: row?.enabledAt ?? null, recoveryCodesLeft, required: await twoFactorRequired(ctx, user.accountId) };
}

/** A new secret waiting for its first code (replacing one that waited); its QR code as SVG. */
export async function beginTwoFactor(ctx: Ctx, user: { id: string; email: string }) {
  const current = await ctx.db.userTwoFactor.findUnique({ where: { userId: user.id }, select: { enabledAt: true } });
  if (current?.enabledAt) fail("twoFactorAlreadyOn");
  const secret = newTotpSecret();
  const secretSealed = sealTotpSecret(ctx, user.id, secret);
  await ctx.db.userTwoFactor.upsert({ where: { userId: user.id }, create: { userId: user.id, secretSealed, createdAt: ctx.now() }, update: { secretSealed, lastStep: 0, createdAt: ctx.now() } });
  const uri = otpauthUri(issuer, user.email, secret);
  return { secret, uri, qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
}

/**
 * Turns it on with a right code of the waiting secret; the recovery codes, returned once. The
 * user's other sessions end (one signed in with a stolen password does not outlive the second
 * factor); the returned user carries the new session version for the session that turned it on.
 */
export async function confirmTwoFactor(ctx: Ctx, userId: string, code: string) {
  const key = { key: `two-factor-setup:${userId}`, free: 5 };
  const row = await ctx.db.userTwoFactor.findUnique({ where: { userId } });
  if (!row) fail("twoFactorNotStarted");
  if (row.enabledAt) fail("twoFactorAlreadyOn");
  // Counted as wrong before it is checked: codes sent at once find the count already there.
  await claimAttempt(ctx, [key], "codes");
  const step = await acceptedStep(unsealTotpSecret(ctx, userId, row.secretSealed), code, ctx.now());
  if (step === null) fail("wrongTwoFactorCode", { property: "code", properties: { code: "This is not the code your app shows now" } });
  await clearFailures(ctx, key);
  const codes = newRecoveryCodes();
  const user = await ctx.db.$transaction(async (tx) => {
    // Only the setup that is still waiting: a second confirmation in parallel changes nothing.
    const { count } = await tx.userTwoFactor.updateMany({ where: { userId, enabledAt: null }, data: { enabledAt: ctx.now(), lastStep: step } });
    if (count === 0) fail("twoFactorAlreadyOn");
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
    await tx.twoFactorRecoveryCode.createMany({ data: codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })) });
    return tx.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } }, select: { id: true, email: true, name: true, sessionVersion: true } });
  });
  return { recoveryCodes: codes, user };
}

/** The user turns it off with their password (not while an owner requires it). */
export async function disableTwoFactor(ctx: Ctx, user: { id: string; accountId: string }, password: string) {
  await checkOwnPassword(ctx, user.id, password, ownPassword);
  if (await twoFactorRequired(ctx, user.accountId)) fail("twoFactorRequiredByOwner");
  await ctx.db.userTwoFactor.deleteMany({ where: { userId: user.id } });
}

/** Ten new recovery codes, returned once, with the user's password; the old ones stop working. */
export async function renewRecoveryCodes(ctx: Ctx, userId: string, password: string): Promise<string[]> {
  await checkOwnPassword(ctx, userId, password, ownPassword);
  const codes = newRecoveryCodes();
  await ctx.db.$transaction(async (tx) => {
    const on = await tx.userTwoFactor.findFirst({ where: { userId, enabledAt: { not: null } }, select: { userId: true } });
    if (!on) fail("twoFactorOff");
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
    await tx.twoFactorRecoveryCode.createMany({ data: codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })) });
  });
  return codes;
}

/** An owner (for another user of the account) or the operator clears a user's two-factor sign-in. */
export async function resetTwoFactor(ctx: Ctx, input: { accountId?: string; userId: string; actorId?: string }) {
  if (!isUuid(input.userId)) fail("userNotFound");
  if (input.userId === input.actorId) fail("selfChange", { message: "Turn your own two-factor sign-in off under Settings › Your sign-in; it needs your password." });
  const user = await ctx.db.user.findFirst({ where: { id: input.userId, ...(input.accountId ? { accountId: input.accountId } : {}) } });
  if (!user) fail("userNotFound");
  const { count } = await ctx.db.userTwoFactor.deleteMany({ where: { userId: user.id } });
  return { user, wasOn: count > 0 };
}

/** The operator's command line (`user 2fa reset EMAIL`): clears it and records who asked. */
export async function resetTwoFactorByEmail(ctx: Ctx, email: string) {
  const found = await ctx.db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  if (!found) fail("userNotFound", { message: `No user signs in as ${email}.`, property: "email" });
  const { user, wasOn } = await resetTwoFactor(ctx, { userId: found.id });
  await recordAudit(ctx, { accountId: user.accountId, actor: { kind: "system", id: "", name: "command line" }, action: "user.two-factor-reset", target: user.id });
  return { userId: user.id, email: user.email, wasOn };
}
