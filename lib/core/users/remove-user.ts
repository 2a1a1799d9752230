// An owner removes another user from the account; their session stops working at once (the
// dashboard re-reads the user on every request). Never oneself, never the last owner.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import { lockAccountUsers } from "./lock-account-users.ts";

export async function removeUser(ctx: Ctx, input: { accountId: string; actorId: string; userId: string }) {
  if (!isUuid(input.userId)) fail("userNotFound");
  if (input.userId === input.actorId) fail("selfChange", { message: "You cannot remove yourself; ask another owner." });
  return ctx.db.$transaction(async (tx) => {
    const { users } = await lockAccountUsers(tx, input.accountId);
    const user = users.find((u) => u.id === input.userId);
    if (!user) fail("userNotFound");
    if (user.role === "owner" && users.filter((u) => u.role === "owner").length <= 1) fail("lastOwner");
    await tx.user.delete({ where: { id: user.id } });
    return user;
  });
}
