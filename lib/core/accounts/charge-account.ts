// Debits an account inside the caller's transaction, so the charge and what it pays for commit
// together. The conditional UPDATE makes concurrent charges unable to overdraw.
import type { Tx } from "../context.ts";
import { fail } from "../errors.ts";

export interface ChargeInput {
  accountId: string;
  amountMicros: bigint;
  description: string;
  reference?: string;
  at: Date;
}

export async function chargeAccount(tx: Tx, input: ChargeInput): Promise<bigint> {
  if (input.amountMicros < 0n) fail("validation", { message: "A charge cannot be negative." });
  const rows = await tx.$queryRaw<{ balance_micros: bigint }[]>`
    UPDATE accounts SET balance_micros = balance_micros - ${input.amountMicros}
    WHERE id = ${input.accountId}::uuid AND balance_micros >= ${input.amountMicros}
    RETURNING balance_micros`;
  if (rows.length === 0) {
    const exists = await tx.account.count({ where: { id: input.accountId } });
    fail(exists ? "insufficientBalance" : "accountNotFound");
  }
  const after = BigInt(rows[0].balance_micros);
  await tx.ledgerEntry.create({
    data: {
      accountId: input.accountId,
      kind: "Charge",
      source: "Usage",
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
