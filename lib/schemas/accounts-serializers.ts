// Ledger entries to the spec's Transaction (lib/schemas/accounts.ts): a top-up with its one credit action.
import { fromMicros } from "../money.ts";
import { iso } from "./iso.ts";

type LedgerRow = {
  id: string;
  source: string;
  amountMicros: bigint;
  balanceBeforeMicros: bigint;
  balanceAfterMicros: bigint;
  createdAt: Date;
};

export function topUpToTransaction(e: LedgerRow) {
  const base = {
    amount: fromMicros(e.amountMicros),
    balanceBefore: fromMicros(e.balanceBeforeMicros),
    balanceAfter: fromMicros(e.balanceAfterMicros),
    date: iso(e.createdAt),
  };
  return {
    id: e.id,
    source: e.source,
    transactionType: "TopUp" as const,
    status: "Completed" as const,
    ...base,
    actions: [{ id: e.id, type: "Credit" as const, status: "Completed" as const, ...base }],
  };
}
