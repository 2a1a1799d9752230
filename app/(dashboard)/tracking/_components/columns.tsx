// The explorer's columns: one row per SMS part. Sortable columns match the server's sort fields.
import type { ColumnDef } from "@tanstack/react-table";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Time } from "@/components/ui/time";
import { formatPrice } from "@/lib/ui/format";
import type { TrackingRow } from "./api";

const sortable = new Set(["createdAt", "statusAt", "to", "from", "status", "country", "price"]);

const muted = (text: string) => (text ? text : <span className="text-slate-400">—</span>);

const columns: (ColumnDef<TrackingRow> & { id: string })[] = [
  { id: "createdAt", header: "Created", cell: ({ row }) => <Time at={row.original.createdAt} show="seconds" className="whitespace-nowrap tabular-nums" /> },
  {
    id: "direction",
    header: "Dir.",
    cell: ({ row }) => <Badge tone={row.original.direction === "Inbound" ? "info" : "neutral"}>{row.original.direction === "Inbound" ? "In" : "Out"}</Badge>,
  },
  { id: "to", header: "Recipient", cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.to}</span> },
  { id: "from", header: "Sender", cell: ({ row }) => <span className="whitespace-nowrap">{row.original.from}</span> },
  { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  { id: "detailedStatus", header: "Detailed status", cell: ({ row }) => muted(row.original.detailedStatus) },
  {
    id: "part",
    header: "Part",
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">
        {row.original.part} / {row.original.parts}
      </span>
    ),
  },
  { id: "country", header: "Country", cell: ({ row }) => muted(row.original.country) },
  { id: "operator", header: "Operator", cell: ({ row }) => muted(row.original.operator) },
  { id: "connector", header: "Connector", cell: ({ row }) => <span className="whitespace-nowrap">{muted(row.original.connector)}</span> },
  {
    id: "campaign",
    header: "Campaign",
    cell: ({ row }) => muted(row.original.campaignName || (row.original.campaignId ? row.original.campaignId.slice(0, 8) : "")),
  },
  { id: "label", header: "Label", cell: ({ row }) => muted(row.original.label) },
  {
    id: "body",
    header: "Text",
    meta: { className: "max-w-64" },
    cell: ({ row }) => (
      <span className="block truncate text-slate-500 dark:text-slate-400" title={row.original.body}>
        {row.original.body}
      </span>
    ),
  },
  {
    id: "price",
    header: "Price",
    meta: { className: "text-right" },
    cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatPrice(row.original.price, row.original.currency)}</span>,
  },
  {
    id: "latency",
    header: "Latency",
    meta: { className: "text-right" },
    cell: ({ row }) => (row.original.latency ? <span className="whitespace-nowrap tabular-nums">{row.original.latency.toFixed(1)} s</span> : muted("")),
  },
  {
    id: "clicks",
    header: "Clicks",
    meta: { className: "text-right" },
    cell: ({ row }) => (row.original.clicks ? <span className="tabular-nums">{row.original.clicks}</span> : muted("")),
  },
  { id: "statusAt", header: "Status at", cell: ({ row }) => <Time at={row.original.statusAt} show="seconds" className="whitespace-nowrap tabular-nums" /> },
  {
    id: "smsId",
    header: "SMS id",
    cell: ({ row }) => (
      <code className="block max-w-[6rem] truncate font-mono text-xs text-slate-500" title={row.original.smsId}>
        {row.original.smsId}
      </code>
    ),
  },
];

export const trackingColumns: ColumnDef<TrackingRow>[] = columns.map((c) => ({ ...c, enableSorting: sortable.has(c.id) }));

export const columnLabels: Record<string, string> = Object.fromEntries(trackingColumns.map((c) => [c.id!, String(c.header)]));

/** Shown until the user picks: the rest is one click away in "Columns". */
export const defaultColumns = ["createdAt", "direction", "to", "from", "status", "detailedStatus", "part", "country", "connector", "campaign", "price"];
