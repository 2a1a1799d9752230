// The platform operator credits or debits an account by hand, with a reason: one ledger row
// (TopUp or Charge, source "Operator", the reason as its description) with the balance change,
// as every other change of a balance. A debit never takes the balance below zero.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { chargeAccount } from "./charge-account.ts";
import { creditAccount } from "./credit-account.ts";

export const OPERATOR_SOURCE = "Operator";

export interface AdjustBalanceInput {
  accountId: string;
  direction: "credit" | "debit";
  amountMicros: bigint;
  reason: string;
}

export async function adjustBalance(ctx: Ctx, input: AdjustBalanceInput): Promise<{ balanceMicros: bigint }> {
  if (input.amountMicros <= 0n) fail("validation", { message: "The amount must be positive.", property: "amount" });
  const reason = input.reason.trim();
  if (!reason) fail("validation", { message: "Give the reason: it is written in the account's ledger.", property: "reason" });
  if (reason.length > 200) fail("validation", { message: "The reason is at most 200 characters.", property: "reason" });
  const at = ctx.now();
  const { accountId, amountMicros } = input;
  const balanceMicros = await ctx.db.$transaction(async (tx) =>
    input.direction === "credit"
      ? (await creditAccount(tx, { accountId, amountMicros, kind: "TopUp", source: OPERATOR_SOURCE, description: reason, at })).balanceMicros
      : chargeAccount(tx, { accountId, amountMicros, source: OPERATOR_SOURCE, description: reason, at }),
  );
  return { balanceMicros };
}
