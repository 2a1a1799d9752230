// A server-paged <DataTable> fed by a react-query page: its rows, total, loading and refetching
// state come from the query; where no page could be loaded the table gives way to the reason
// with a retry, and a later page left empty (its last rows deleted) steps back to the last one.
"use client";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { LoadError } from "@/components/ui/load-error";
import { DataTable, type DataTableProps } from "@/components/ui/table";
import type { Paging } from "./use-pagination";

export interface QueryTableProps<T> extends Omit<DataTableProps<T>, "data" | "rowCount" | "loading" | "fetching" | "pagination" | "onPaginationChange"> {
  query: UseQueryResult<{ content: T[]; totalElements: number; totalPages: number }>;
  paging: Paging;
  /** Beside the retry when no page could be loaded, e.g. a way out of the filter that failed. */
  errorActions?: ReactNode;
  /** Refetches of the same page (polling) leave the rows as they are; only a new page dims them. */
  quietRefetch?: boolean;
}

export function QueryTable<T>({ query, paging, errorActions, quietRefetch, ...table }: QueryTableProps<T>) {
  const { pagination, onPaginationChange } = paging;
  const page = query.data;
  useEffect(() => {
    if (page && page.content.length === 0 && pagination.pageIndex > 0) onPaginationChange((p) => ({ ...p, pageIndex: Math.max(0, page.totalPages - 1) }));
  }, [page, pagination.pageIndex]);
  if (query.isError && !page) return <LoadError what={table.label} message={query.error.message} onRetry={() => query.refetch()} actions={errorActions} />;
  return (
    <DataTable
      {...table}
      data={page?.content ?? []}
      rowCount={page?.totalElements ?? 0}
      pagination={pagination}
      onPaginationChange={onPaginationChange}
      loading={query.isLoading}
      fetching={query.isFetching && (!quietRefetch || query.isPlaceholderData)}
    />
  );
}
