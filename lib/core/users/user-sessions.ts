// Self-service account security: a user changes their password (the current one required), an
// owner resets a user's password (the new one shown once) or signs a user out everywhere. Each
// raises the user's session version, which ends every session signed in before
// (lib/auth/session.ts); the user who changed their own password gets a new session at once.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import { hashPassword } from "../secrets/hashing.ts";
import { checkOwnPassword } from "../secrets/own-password.ts";
import { generatePassword } from "./add-user.ts";

const MIN_LENGTH = 8;
const shown = { id: true, email: true, name: true, role: true, createdAt: true, lastLoginAt: true, sessionVersion: true } as const;

export async function changePassword(ctx: Ctx, input: { userId: string; currentPassword: string; newPassword: string }) {
  // Guessing the current password from a stolen session is limited like signing in.
  await checkOwnPassword(ctx, input.userId, input.currentPassword, { what: "password changes", property: "currentPassword", hint: "This is not your current password" });
  checkNewPassword(input.newPassword, input.currentPassword);
  return ctx.db.user.update({
    where: { id: input.userId },
    data: { passwordHash: await hashPassword(input.newPassword), sessionVersion: { increment: 1 } },
    select: shown,
  });
}

/** An owner gives another user of the account a new generated password, returned once. */
export async function resetUserPassword(ctx: Ctx, input: { accountId: string; actorId: string; userId: string }) {
  const user = await otherUser(ctx, input);
  const password = generatePassword();
  const updated = await ctx.db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password), sessionVersion: { increment: 1 } }, select: shown });
  return { user: updated, password };
}

/** Ends every session of a user of the account (an owner for another user, or a user for themselves). */
export async function endUserSessions(ctx: Ctx, input: { accountId: string; userId: string }) {
  if (!isUuid(input.userId)) fail("userNotFound");
  const { count } = await ctx.db.user.updateMany({ where: { id: input.userId, accountId: input.accountId }, data: { sessionVersion: { increment: 1 } } });
  if (count === 0) fail("userNotFound");
  return ctx.db.user.findUniqueOrThrow({ where: { id: input.userId }, select: shown });
}

async function otherUser(ctx: Ctx, input: { accountId: string; actorId: string; userId: string }) {
  if (!isUuid(input.userId)) fail("userNotFound");
  if (input.userId === input.actorId) fail("selfChange", { message: "Change your own password under Settings › Your sign-in; it needs your current one." });
  const user = await ctx.db.user.findFirst({ where: { id: input.userId, accountId: input.accountId } });
  if (!user) fail("userNotFound");
  return user;
}

function checkNewPassword(password: string, current: string) {
  const problem = password.length < MIN_LENGTH ? `Use at least ${MIN_LENGTH} characters` : password === current ? "Choose a password other than the current one" : null;
  if (problem) fail("validation", { message: `Validation Error! newPassword: ${problem}.`, property: "newPassword", properties: { newPassword: problem } });
}
