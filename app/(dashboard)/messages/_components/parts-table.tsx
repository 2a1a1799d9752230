// One row per SMS part: its own status, price, SMSC id and delivery latency.
import { StatusBadge } from "@/components/ui/badge";
import { CopyableCode } from "@/components/ui/copy-button";
import { StaticTable, type StaticColumn } from "@/components/ui/static-table";
import type { MessageDetail } from "./api";
import { formatPrice } from "@/lib/ui/format";

type Part = MessageDetail["parts"][number];

/** `operator` adds an Operator column (the message's network; every part goes to it). */
export function PartsTable({ parts, currency, total, operator }: { parts: Part[]; currency: string; total: number; operator?: string }) {
  const columns: StaticColumn<Part>[] = [
    {
      header: "SMS ID",
      cell: (p) => <CopyableCode value={p.smsId} label={`Copy the SMS id of part ${p.part}`} className="block max-w-[5.5rem] truncate text-slate-600 dark:text-slate-400" />,
    },
    {
      header: "Part",
      cell: (p) => (
        <span className="whitespace-nowrap tabular-nums">
          {p.part} / {total}
        </span>
      ),
    },
    { header: "Status", cell: (p) => <StatusBadge status={p.status} /> },
    {
      header: "Detailed status",
      className: "min-w-32",
      cell: (p) =>
        p.detailedStatus || p.statusDescription ? (
          <>
            {p.detailedStatus && <p className="font-medium text-slate-900 dark:text-slate-100">{p.detailedStatus}</p>}
            <p className="text-xs text-slate-500 dark:text-slate-400">{p.statusDescription}</p>
          </>
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    ...(operator === undefined ? [] : [{ header: "Operator", cell: () => (operator ? <span className="whitespace-nowrap">{operator}</span> : <span className="text-slate-400">—</span>) }]),
    { header: "Price", className: "text-right", cell: (p) => <span className="whitespace-nowrap tabular-nums">{formatPrice(p.price, currency)}</span> },
    {
      header: "SMSC ID",
      cell: (p) =>
        p.smscMessageId ? (
          <code className="block max-w-[5.5rem] truncate font-mono text-xs" title={p.smscMessageId}>
            {p.smscMessageId}
          </code>
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    {
      header: "Latency",
      className: "text-right",
      cell: (p) => (p.doneAt ? <span className="whitespace-nowrap tabular-nums">{p.latency.toFixed(2)} s</span> : <span className="text-slate-400">—</span>),
    },
  ];
  return <StaticTable dense label="Message parts" columns={columns} rows={parts} getRowId={(p) => p.smsId} />;
}
