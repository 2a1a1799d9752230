// Columns of the operator's accounts table.
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { StatusBadge } from "@/components/ui/badge";
import { Time } from "@/components/ui/time";
import { capitalize, formatAmount, formatCount } from "@/lib/ui/format";
import type { OperatorAccountView } from "./api";

const col = createColumnHelper<OperatorAccountView>();
const numeric = "text-right tabular-nums whitespace-nowrap";

export const accountColumns = [
  col.accessor("name", {
    header: "Account",
    cell: ({ row }) => (
      <Link
        href={`/operator/accounts/${row.original.id}`}
        className="block max-w-64 truncate font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-100 dark:hover:text-indigo-300"
      >
        {row.original.name}
      </Link>
    ),
  }),
  col.accessor("state", {
    header: "State",
    cell: ({ row }) => (
      <span title={row.original.suspendedReason || undefined}>
        <StatusBadge status={capitalize(row.original.state)} />
      </span>
    ),
  }),
  col.accessor("balance", { header: "Balance", cell: ({ row }) => formatAmount(row.original.balance, row.original.currency), meta: { className: numeric } }),
  col.accessor("sent24h", { header: "Parts, 24 h", cell: ({ getValue }) => formatCount(getValue()), meta: { className: numeric } }),
  col.accessor("sent7d", { header: "Parts, 7 days", cell: ({ getValue }) => formatCount(getValue()), meta: { className: `hidden sm:table-cell ${numeric}` } }),
  col.accessor("users", { header: "Users", cell: ({ getValue }) => formatCount(getValue()), meta: { className: `hidden md:table-cell ${numeric}` } }),
  col.accessor("createdAt", { header: "Opened", cell: ({ getValue }) => <Time at={getValue()} show="date" className="whitespace-nowrap" />, meta: { className: "hidden lg:table-cell" } }),
];
