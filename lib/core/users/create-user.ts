import type { Ctx, Tx } from "../context.ts";
import { fail } from "../errors.ts";
import { hashPassword } from "../secrets/hashing.ts";
import type { Role } from "../../db/generated/enums.ts";

export interface CreateUserInput {
  accountId: string;
  email: string;
  password: string;
  role?: Role;
  name?: string;
  /** Runs the platform: the operator console (command line `--platform-admin`, the demo user). */
  platformAdmin?: boolean;
}

/** Creates a dashboard user; `db` is the transaction to create it in, when the caller has one. */
export async function createUser(ctx: Ctx, input: CreateUserInput, db: Tx = ctx.db) {
  const email = input.email.trim().toLowerCase();
  if (input.password.length < 8) fail("validation", { message: "The password needs at least 8 characters.", property: "password" });
  if (await db.user.findUnique({ where: { email } })) fail("emailTaken", { property: "email", value: email });
  return db.user.create({
    data: {
      accountId: input.accountId,
      email,
      name: input.name ?? "",
      role: input.role ?? "owner",
      platformAdmin: input.platformAdmin ?? false,
      passwordHash: await hashPassword(input.password),
      createdAt: ctx.now(),
    },
  });
}
