// Columns of the audit log: when, who (and as what), what, to what, from where.
import { createColumnHelper } from "@tanstack/react-table";
import { Badge } from "@/components/ui/badge";
import { Time } from "@/components/ui/time";
import type { AuditEventView } from "./api";

const col = createColumnHelper<AuditEventView>();

/** The detail as short "key: value" pairs. */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");
}

export const auditColumns = [
  col.accessor("at", { header: "When", cell: ({ getValue }) => <Time at={getValue()} show="seconds" className="whitespace-nowrap tabular-nums" /> }),
  col.accessor("actor", {
    header: "Who",
    cell: ({ getValue }) => (
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium text-slate-900 dark:text-slate-100">{getValue().name || getValue().id || "—"}</span>
        <span className="text-xs text-slate-500 dark:text-slate-400">{getValue().kind === "application" ? "API application" : getValue().kind === "user" ? "Dashboard user" : "Platform"}</span>
      </span>
    ),
  }),
  col.accessor("action", {
    header: "Action",
    cell: ({ getValue }) => <Badge tone={getValue().endsWith("failed") ? "danger" : getValue().startsWith("export.") ? "info" : "neutral"}>{getValue()}</Badge>,
  }),
  col.accessor("target", { header: "Target", cell: ({ getValue }) => <span className="font-mono text-xs break-all">{getValue() || "—"}</span> }),
  col.accessor("detail", { header: "Detail", cell: ({ getValue }) => <span className="text-xs text-slate-600 dark:text-slate-400">{detailText(getValue()) || "—"}</span> }),
  col.accessor("ip", {
    header: "Address",
    cell: ({ row }) => (
      <span className="font-mono text-xs" title={row.original.userAgent || undefined}>
        {row.original.ip || "—"}
      </span>
    ),
  }),
];
