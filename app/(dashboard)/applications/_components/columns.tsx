// Columns of the applications table.
import { createColumnHelper } from "@tanstack/react-table";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyableCode } from "@/components/ui/copy-button";
import { Time } from "@/components/ui/time";
import { tokenLifetimeLabel } from "@/lib/ui/format";
import type { ApplicationView } from "./api";
import { ScopeBadges } from "./scope-badges";

const col = createColumnHelper<ApplicationView>();

export function applicationColumns({ canManage, onOpen, onRevoke }: { canManage: boolean; onOpen: (a: ApplicationView) => void; onRevoke: (a: ApplicationView) => void }) {
  const columns = [
    col.accessor("name", {
      header: "Name",
      cell: ({ row }) => (
        <button
          type="button"
          onClick={() => onOpen(row.original)}
          className="max-w-52 truncate rounded text-left font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-100 dark:hover:text-indigo-300"
          title="Show details"
        >
          {row.original.name}
        </button>
      ),
    }),
    col.accessor("applicationId", {
      header: "Application ID",
      cell: ({ getValue }) => <CopyableCode value={getValue()} label="Copy application id" className="block max-w-[10rem] truncate text-slate-600 xl:max-w-none dark:text-slate-400" />,
      meta: { className: "hidden sm:table-cell" },
    }),
    col.accessor("scopes", { header: "Scopes", cell: ({ getValue }) => <ScopeBadges scopes={getValue()} />, meta: { className: "hidden min-w-48 md:table-cell" } }),
    col.accessor("tokenTtl", {
      header: "Token lifetime",
      cell: ({ getValue }) => <span className="whitespace-nowrap">{tokenLifetimeLabel(getValue())}</span>,
      meta: { className: "hidden md:table-cell" },
    }),
    col.accessor("createdAt", { header: "Created", cell: ({ getValue }) => <Time at={getValue()} show="date" className="whitespace-nowrap" />, meta: { className: "hidden lg:table-cell" } }),
    col.accessor("lastUsedAt", {
      header: "Last used",
      cell: ({ getValue }) => (getValue() ? <Time at={getValue()} show="relative" className="whitespace-nowrap" /> : <span className="text-slate-400 dark:text-slate-500">Never</span>),
      meta: { className: "hidden lg:table-cell" },
    }),
    col.display({
      id: "status",
      header: "Status",
      cell: ({ row }) => <StatusBadge status={row.original.revokedAt ? "Revoked" : "Active"} />,
    }),
  ];
  if (!canManage) return columns;
  return [
    ...columns,
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) =>
        row.original.revokedAt ? null : (
          <Button variant="danger-ghost" size="sm" onClick={() => onRevoke(row.original)} aria-label={`Revoke ${row.original.name}`}>
            Revoke
          </Button>
        ),
      meta: { className: "text-right w-px" },
    }),
  ];
}
