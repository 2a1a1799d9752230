// An owner adds a user to their account with a generated initial password, returned once (it is
// stored only as a hash) for the owner to pass on.
import type { Ctx } from "../context.ts";
import { randomSecret } from "../secrets/hashing.ts";
import type { Role } from "../../db/generated/enums.ts";
import { createUser } from "./create-user.ts";

/** 16 URL-safe characters (96 random bits): easy to copy, far beyond guessing. */
export function generatePassword(): string {
  return randomSecret(12);
}

export async function addUser(ctx: Ctx, input: { accountId: string; email: string; name?: string; role: Role }) {
  const password = generatePassword();
  const user = await createUser(ctx, { ...input, password });
  return { user, password };
}
