// Credits an account inside the caller's transaction: the balance change and its ledger row
// commit together. Top-ups and refunds both come through here.
import type { Tx } from "../context.ts";
import { fail } from "../errors.ts";

export interface CreditInput {
  accountId: string;
  amountMicros: bigint;
  kind: "TopUp" | "Refund";
  source: string;
  description?: string;
  reference?: string;
  at: Date;
}

export async function creditAccount(tx: Tx, input: CreditInput) {
  const rows = await tx.$queryRaw<{ balance_micros: bigint }[]>`
    UPDATE accounts SET balance_micros = balance_micros + ${input.amountMicros}
    WHERE id = ${input.accountId}::uuid RETURNING balance_micros`;
  if (rows.length === 0) fail("accountNotFound");
  const after = BigInt(rows[0].balance_micros);
  const entry = await tx.ledgerEntry.create({
    data: {
      accountId: input.accountId,
      kind: input.kind,
      source: input.source,
      description: input.description ?? "",
      reference: input.reference ?? "",
      amountMicros: input.amountMicros,
      balanceBeforeMicros: after - input.amountMicros,
      balanceAfterMicros: after,
      createdAt: input.at,
    },
  });
  return { balanceMicros: after, entry };
}
