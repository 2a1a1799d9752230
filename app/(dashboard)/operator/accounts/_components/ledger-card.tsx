// The account's ledger, newest first: every change of its balance with its reason.
"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { QueryTable } from "@/components/data-table/query-table";
import { usePagination } from "@/components/data-table/use-pagination";
import { Card, CardHeader } from "@/components/ui/card";
import { Time } from "@/components/ui/time";
import { formatAmount } from "@/lib/ui/format";
import { accountKey, fetchLedger, type LedgerEntryView } from "./api";

const col = createColumnHelper<LedgerEntryView>();

export function LedgerCard({ accountId, currency }: { accountId: string; currency: string }) {
  const paging = usePagination(10);
  const query = useQuery({
    queryKey: [...accountKey(accountId), "ledger", paging.page, paging.size],
    queryFn: () => fetchLedger(accountId, paging.page, paging.size),
    placeholderData: keepPreviousData,
  });
  const columns = [
    col.accessor("createdAt", { header: "When", cell: ({ getValue }) => <Time at={getValue()} show="datetime" className="whitespace-nowrap" /> }),
    col.accessor("description", {
      header: "What",
      cell: ({ row }) => (
        <div className="min-w-0">
          <p className="truncate text-slate-900 dark:text-slate-100">{row.original.description || row.original.kind}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {row.original.kind} · {row.original.source}
          </p>
        </div>
      ),
    }),
    col.accessor("amount", {
      header: "Amount",
      cell: ({ getValue }) => <span className={getValue() < 0 ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300"}>{formatAmount(getValue(), currency)}</span>,
      meta: { className: "text-right tabular-nums whitespace-nowrap" },
    }),
    col.accessor("balanceAfter", {
      header: "Balance after",
      cell: ({ getValue }) => formatAmount(getValue(), currency),
      meta: { className: "hidden text-right tabular-nums whitespace-nowrap sm:table-cell" },
    }),
  ];
  return (
    <Card>
      <CardHeader title="Ledger" description="Every change of the balance: top-ups, charges, refunds and your credits and debits, with their reasons." />
      <QueryTable label="Ledger" query={query} paging={paging} columns={columns} getRowId={(e) => e.id} />
    </Card>
  );
}
