// A server-paged table on @tanstack/react-table: the caller owns the page state and fetches
// one page at a time; this renders headers, rows, loading skeletons, the empty state and the
// pager.
"use client";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type OnChangeFn, type PaginationState, type RowData, type SortingState, type VisibilityState } from "@tanstack/react-table";
import type { KeyboardEvent, MouseEvent, ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from "./icons";
import { Skeleton } from "./skeleton";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for this column's header and cells (width, alignment, responsive hiding). */
    className?: string;
  }
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: @tanstack/react-table's own column arrays are ColumnDef<T, any>[] (each column has its value type)
  columns: ColumnDef<T, any>[];
  data: T[];
  /** Total rows on the server (the page envelope's totalElements). */
  rowCount: number;
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  getRowId?: (row: T) => string;
  loading?: boolean;
  /** A refetch is under way while old rows stay visible. */
  fetching?: boolean;
  /** What an empty table says: a sentence, or an <EmptyState>. */
  empty?: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  /** Server-side sorting: with onSortingChange, headers of sortable columns become buttons. */
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  /** Columns hidden by the user (column id → false). */
  columnVisibility?: VisibilityState;
  /** Opens a row (click or Enter); rows become focusable. */
  onRowClick?: (row: T) => void;
  /** Accessible name of a row for onRowClick. */
  rowLabel?: (row: T) => string;
}

export function DataTable<T>({
  label,
  columns,
  data,
  rowCount,
  pagination,
  onPaginationChange,
  getRowId,
  loading,
  fetching,
  empty,
  rowClassName,
  sorting,
  onSortingChange,
  columnVisibility,
  onRowClick,
  rowLabel,
}: DataTableProps<T>) {
  const table = useReactTable({
    data,
    columns,
    rowCount,
    state: { pagination, ...(sorting ? { sorting } : {}), ...(columnVisibility ? { columnVisibility } : {}) },
    onPaginationChange,
    onSortingChange,
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
  });
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const showEmpty = !loading && rows.length === 0;

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className={cn("overflow-x-auto transition-opacity", fetching && !loading && "opacity-60")}>
        <table className="w-full border-collapse text-left text-sm" aria-label={label} aria-busy={loading || fetching || undefined}>
          <thead className="bg-slate-50 text-xs font-medium text-slate-500 dark:bg-slate-900/60 dark:text-slate-400">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b border-slate-200 dark:border-slate-800">
                {group.headers.map((header) => {
                  const sortable = Boolean(onSortingChange) && header.column.getCanSort() && !header.isPlaceholder;
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sortable ? (sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none") : undefined}
                      className={cn("px-4 py-2.5 font-medium whitespace-nowrap", header.column.columnDef.meta?.className)}
                    >
                      {header.isPlaceholder ? null : sortable ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-slate-100"
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <ChevronDownIcon size={12} className={cn("transition-transform", !sorted && "opacity-0", sorted === "asc" && "rotate-180")} />
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {loading &&
              Array.from({ length: Math.min(pagination.pageSize, 5) }, (_, i) => (
                <tr key={`skeleton-${i}`}>
                  {table.getVisibleLeafColumns().map((column) => (
                    <td key={column.id} className={cn("px-4 py-3.5", column.columnDef.meta?.className)}>
                      <Skeleton className="h-4 w-full max-w-40" />
                    </td>
                  ))}
                </tr>
              ))}
            {!loading &&
              rows.map((row) => (
                <tr
                  key={row.id}
                  className={cn(
                    "hover:bg-slate-50/70 dark:hover:bg-slate-800/40",
                    onRowClick && "cursor-pointer focus-visible:bg-indigo-50/60 focus-visible:outline-none dark:focus-visible:bg-indigo-500/10",
                    rowClassName?.(row.original),
                  )}
                  {...(onRowClick
                    ? {
                        tabIndex: 0,
                        "aria-label": rowLabel?.(row.original),
                        onClick: (e: MouseEvent) => {
                          // Links and buttons inside a row keep their own meaning.
                          if ((e.target as HTMLElement).closest("a, button")) return;
                          onRowClick(row.original);
                        },
                        onKeyDown: (e: KeyboardEvent) => {
                          if (e.key === "Enter" && e.target === e.currentTarget) onRowClick(row.original);
                        },
                      }
                    : {})}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cn("px-4 py-3 align-middle text-slate-700 dark:text-slate-300", cell.column.columnDef.meta?.className)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            {showEmpty && (
              <tr>
                <td colSpan={columnCount}>
                  {empty === undefined || typeof empty === "string" ? <p className="px-4 py-10 text-center text-sm text-slate-500">{empty ?? "Nothing here yet."}</p> : empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {rowCount > 0 && <Pager rowCount={rowCount} pagination={pagination} onPaginationChange={onPaginationChange} />}
    </div>
  );
}

function Pager({ rowCount, pagination, onPaginationChange }: { rowCount: number; pagination: PaginationState; onPaginationChange: OnChangeFn<PaginationState> }) {
  const { pageIndex, pageSize } = pagination;
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  const from = pageIndex * pageSize + 1;
  const to = Math.min(rowCount, (pageIndex + 1) * pageSize);
  const go = (index: number) => onPaginationChange({ pageIndex: index, pageSize });
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
      <p>
        Showing <span className="font-medium text-slate-900 dark:text-slate-100">{from}</span>–<span className="font-medium text-slate-900 dark:text-slate-100">{to}</span> of{" "}
        <span className="font-medium text-slate-900 dark:text-slate-100">{rowCount}</span>
      </p>
      <div className="flex items-center gap-2">
        <span className="hidden sm:inline">
          Page {pageIndex + 1} of {pageCount}
        </span>
        <Button variant="secondary" size="sm" onClick={() => go(pageIndex - 1)} disabled={pageIndex === 0} aria-label="Previous page">
          <ChevronLeftIcon />
          <span className="hidden sm:inline">Previous</span>
        </Button>
        <Button variant="secondary" size="sm" onClick={() => go(pageIndex + 1)} disabled={pageIndex >= pageCount - 1} aria-label="Next page">
          <span className="hidden sm:inline">Next</span>
          <ChevronRightIcon />
        </Button>
      </div>
    </nav>
  );
}
