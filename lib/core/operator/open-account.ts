// The platform operator opens an account for a customer: the account, its opening credit (a
// ledger row, as any top-up) and its first owner, in one transaction, so that a taken email
// leaves no account without a user behind. Without a password the owner gets a generated one,
// answered once.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { supportedCurrencies } from "../../money.ts";
import { creditAccount } from "../accounts/credit-account.ts";
import { createUser } from "../users/create-user.ts";
import { generatePassword } from "../users/add-user.ts";

export interface OpenAccountInput {
  name: string;
  currency: string;
  balanceMicros: bigint;
  owner: { email: string; name?: string; password?: string };
}

export async function openAccount(ctx: Ctx, input: OpenAccountInput) {
  const name = input.name.trim();
  if (!name || name.length > 100) fail("validation", { message: "The account's name is 1 to 100 characters.", property: "name" });
  const currency = input.currency.toUpperCase();
  if (!supportedCurrencies.includes(currency)) fail("validation", { message: `currency must be one of ${supportedCurrencies.join(", ")}.`, property: "currency" });
  if (input.balanceMicros < 0n) fail("validation", { message: "The opening balance cannot be negative.", property: "balance" });
  const password = input.owner.password ?? generatePassword();
  const at = ctx.now();
  const { account, user } = await ctx.db.$transaction(async (tx) => {
    const created = await tx.account.create({ data: { name, currency, createdAt: at } });
    const balanceMicros =
      input.balanceMicros > 0n ? (await creditAccount(tx, { accountId: created.id, amountMicros: input.balanceMicros, kind: "TopUp", source: "Opening balance", at })).balanceMicros : 0n;
    const user = await createUser(ctx, { accountId: created.id, email: input.owner.email, name: input.owner.name, password, role: "owner" }, tx);
    return { account: { ...created, balanceMicros }, user };
  });
  return { account, user, ...(input.owner.password === undefined ? { password } : {}) };
}
