// Debits an account inside the caller's transaction, so the charge and what it pays for commit
// together. The conditional UPDATE makes concurrent charges unable to overdraw.
import type { Tx } from "../context.ts";
import { fail } from "../errors.ts";

export interface ChargeInput {
  accountId: string;
  amountMicros: bigint;
  description: string;
  reference?: string;
  /** Who charged: "Usage" (sending) unless said otherwise (the operator's debit). */
  source?: string;
  at: Date;
}

export async function chargeAccount(tx: Tx, input: ChargeInput): Promise<bigint> {
  if (input.amountMicros < 0n) fail("validation", { message: "A charge cannot be negative." });
  const rows = await tx.account.updateManyAndReturn({
    where: { id: input.accountId, balanceMicros: { gte: input.amountMicros } },
    data: { balanceMicros: { decrement: input.amountMicros } },
    select: { balanceMicros: true },
  });
  if (rows.length === 0) {
    const exists = await tx.account.count({ where: { id: input.accountId } });
    fail(exists ? "insufficientBalance" : "accountNotFound");
  }
  const after = rows[0].balanceMicros;
  await tx.ledgerEntry.create({
    data: {
      accountId: input.accountId,
      kind: "Charge",
      source: input.source ?? "Usage",
      description: input.description,
      reference: input.reference ?? "",
      amountMicros: -input.amountMicros,
      balanceBeforeMicros: after + input.amountMicros,
      balanceAfterMicros: after,
      createdAt: input.at,
    },
  });
  return after;
}
