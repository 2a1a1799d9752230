// Credits an account: the balance change and its ledger row commit together.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";

export interface TopUpInput {
  accountId: string;
  amountMicros: bigint;
  source?: string;
  description?: string;
}

export async function topUpAccount(ctx: Ctx, input: TopUpInput) {
  if (input.amountMicros <= 0n) fail("validation", { message: "The amount must be positive.", property: "amount" });
  return ctx.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ balance_micros: bigint }[]>`
      UPDATE accounts SET balance_micros = balance_micros + ${input.amountMicros}
      WHERE id = ${input.accountId}::uuid RETURNING balance_micros`;
    if (rows.length === 0) fail("accountNotFound");
    const after = BigInt(rows[0].balance_micros);
    const entry = await tx.ledgerEntry.create({
      data: {
        accountId: input.accountId,
        kind: "TopUp",
        source: input.source ?? "Manual",
        description: input.description ?? "",
        amountMicros: input.amountMicros,
        balanceBeforeMicros: after - input.amountMicros,
        balanceAfterMicros: after,
        createdAt: ctx.now(),
      },
    });
    return { balanceMicros: after, entry };
  });
}
