// The ledger, newest first, optionally within [from, to]. kinds narrows it (the Routee
// endpoint shows top-ups only; the dashboard shows every row).
import type { Ctx } from "../context.ts";
import { pageWindow } from "../page-window.ts";
import type { LedgerKind } from "../../db/generated/enums.ts";

export interface ListTransactionsInput {
  accountId: string;
  from?: Date;
  to?: Date;
  page: number;
  size: number;
  kinds?: LedgerKind[];
}

export async function listTransactions(ctx: Ctx, input: ListTransactionsInput) {
  const where = {
    accountId: input.accountId,
    ...(input.kinds ? { kind: { in: input.kinds } } : {}),
    ...(input.from || input.to ? { createdAt: { gte: input.from, lte: input.to } } : {}),
  };
  const [total, rows] = await Promise.all([ctx.db.ledgerEntry.count({ where }), ctx.db.ledgerEntry.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(input) })]);
  return { total, rows };
}
