import type { Ctx } from "../context.ts";
import { toMicros } from "../../money.ts";
import { topUpAccount } from "./top-up-account.ts";

export interface CreateAccountInput {
  name: string;
  currency?: string;
  /** Opening credit; recorded in the ledger like any top-up. */
  balance?: number;
}

export async function createAccount(ctx: Ctx, input: CreateAccountInput) {
  const account = await ctx.db.account.create({
    data: { name: input.name, currency: (input.currency ?? "EUR").toUpperCase() },
  });
  if (input.balance && input.balance > 0) {
    const { balanceMicros } = await topUpAccount(ctx, {
      accountId: account.id,
      amountMicros: toMicros(input.balance),
      source: "Opening balance",
    });
    return { ...account, balanceMicros };
  }
  return account;
}
