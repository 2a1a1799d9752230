// A server-paged <DataTable> fed by a react-query page: its rows, total, loading and refetching
// state come from the query, and where no page could be loaded the table gives way to the
// reason with a retry.
"use client";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadError } from "@/components/ui/load-error";
import { DataTable, type DataTableProps } from "@/components/ui/table";

export interface QueryTableProps<T> extends Omit<DataTableProps<T>, "data" | "rowCount" | "loading" | "fetching"> {
  query: UseQueryResult<{ content: T[]; totalElements: number }>;
  /** What failed to load ("Campaigns" could not be loaded); without it the reason stands alone. */
  what?: string;
  /** Beside the retry, e.g. a way out of the filter that failed. */
  errorActions?: ReactNode;
  /** Dims the rows while this is true; by default whenever the query fetches. */
  fetching?: boolean;
}

export function QueryTable<T>({ query, what, errorActions, fetching, ...table }: QueryTableProps<T>) {
  if (query.isError && !query.data) return <LoadError what={what} message={query.error.message} onRetry={() => query.refetch()} actions={errorActions} />;
  return (
    <DataTable {...table} data={query.data?.content ?? []} rowCount={query.data?.totalElements ?? 0} loading={query.isLoading} fetching={fetching ?? query.isFetching} />
  );
}
