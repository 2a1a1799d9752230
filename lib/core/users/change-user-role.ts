// An owner changes another user's role. Nobody changes their own (an owner could lock
// themselves out), and the account always keeps an owner: the account row is locked so two
// owners demoting each other at once cannot both succeed.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import type { Role } from "../../db/generated/enums.ts";
import { lockAccountUsers } from "./lock-account-users.ts";

export async function changeUserRole(ctx: Ctx, input: { accountId: string; actorId: string; userId: string; role: Role }) {
  if (!isUuid(input.userId)) fail("userNotFound");
  if (input.userId === input.actorId) fail("selfChange", { message: "You cannot change your own role; ask another owner.", property: "role" });
  return ctx.db.$transaction(async (tx) => {
    const { users } = await lockAccountUsers(tx, input.accountId);
    const user = users.find((u) => u.id === input.userId);
    if (!user) fail("userNotFound");
    if (user.role === "owner" && input.role !== "owner" && users.filter((u) => u.role === "owner").length <= 1) fail("lastOwner");
    return tx.user.update({
      where: { id: user.id },
      data: { role: input.role },
      select: { id: true, email: true, name: true, role: true, createdAt: true, lastLoginAt: true },
    });
  });
}
