// Credits an account with a top-up.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { creditAccount } from "./credit-account.ts";

export interface TopUpInput {
  accountId: string;
  amountMicros: bigint;
  source?: string;
  description?: string;
}

export async function topUpAccount(ctx: Ctx, input: TopUpInput) {
  if (input.amountMicros <= 0n) fail("validation", { message: "The amount must be positive.", property: "amount" });
  return ctx.db.$transaction((tx) => creditAccount(tx, { ...input, kind: "TopUp", source: input.source ?? "Manual", at: ctx.now() }));
}
