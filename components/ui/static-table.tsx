// A small table whose rows are all on the page (a message's parts, a callback's attempts): the
// same look as <DataTable>, without paging.
import type { ReactNode } from "react";
import { cn } from "./cn";

export interface StaticColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes for this column's header and cells (width, alignment, responsive hiding). */
  className?: string;
}

export function StaticTable<T>({
  label,
  columns,
  rows,
  getRowId,
  empty,
  dense,
  className,
}: {
  label: string;
  columns: StaticColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  empty?: ReactNode;
  /** Narrower cell padding, for tables with many columns in a narrow card. */
  dense?: boolean;
  className?: string;
}) {
  const pad = dense ? "px-3" : "px-4";
  return (
    <div className={cn("overflow-x-auto", className)}>
      <table className="w-full border-collapse text-left text-sm" aria-label={label}>
        <thead className="bg-slate-50 text-xs font-medium text-slate-500 dark:bg-slate-900/60 dark:text-slate-400">
          <tr className="border-b border-slate-200 dark:border-slate-800">
            {columns.map((c, i) => (
              <th key={i} scope="col" className={cn(pad, "py-2.5 font-medium whitespace-nowrap", c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={getRowId(row)} className="hover:bg-slate-50/70 dark:hover:bg-slate-800/40">
              {columns.map((c, i) => (
                <td key={i} className={cn(pad, "py-3 align-top text-slate-700 dark:text-slate-300", c.className)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length}>{empty ?? <p className="px-4 py-8 text-center text-sm text-slate-500">Nothing here yet.</p>}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
