import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { hashPassword } from "../secrets/hashing.ts";
import type { Role } from "../../db/generated/enums.ts";

export interface CreateUserInput {
  accountId: string;
  email: string;
  password: string;
  role?: Role;
  name?: string;
}

export async function createUser(ctx: Ctx, input: CreateUserInput) {
  const email = input.email.trim().toLowerCase();
  if (input.password.length < 8) fail("validation", { message: "The password needs at least 8 characters.", property: "password" });
  if (await ctx.db.user.findUnique({ where: { email } })) fail("emailTaken", { property: "email", value: email });
  return ctx.db.user.create({
    data: {
      accountId: input.accountId,
      email,
      name: input.name ?? "",
      role: input.role ?? "owner",
      passwordHash: await hashPassword(input.password),
      createdAt: ctx.now(),
    },
  });
}
