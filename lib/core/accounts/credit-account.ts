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
  const rows = await tx.account.updateManyAndReturn({
    where: { id: input.accountId },
    data: { balanceMicros: { increment: input.amountMicros } },
    select: { balanceMicros: true },
  });
  if (rows.length === 0) fail("accountNotFound");
  const after = rows[0].balanceMicros;
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
