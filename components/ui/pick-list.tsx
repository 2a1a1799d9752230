// A card's list of records to pick one from (emails, OTP flows, captured mail), fetched a page
// at a time: the picked one is highlighted and marked aria-current, Newer and Older page through
// the rest, and loading, failure and an empty list each say so in place.
"use client";
import { type QueryKey, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { Skeleton } from "./skeleton";

export interface ListPage<T> {
  content: T[];
  totalPages: number;
  last: boolean;
}

export interface PickListProps<T> {
  /** The list's accessible name. */
  label: string;
  queryKey: QueryKey;
  fetchPage: (page: number) => Promise<ListPage<T>>;
  /** Milliseconds between refreshes, or a function of the page shown. */
  refetchInterval?: number | ((page: ListPage<T> | undefined) => number | false);
  /** Shown while the list is empty: what it will hold and how to get there. */
  empty: ReactNode;
  getId: (row: T) => string;
  selected: string | null;
  onSelect: (id: string) => void;
  /** A row's content, laid out in a line. */
  children: (row: T) => ReactNode;
}

export function PickList<T>({ label, queryKey, fetchPage, refetchInterval, empty, getId, selected, onSelect, children }: PickListProps<T>) {
  const [page, setPage] = useState(0);
  const q = useQuery({
    queryKey: [...queryKey, page],
    queryFn: () => fetchPage(page),
    refetchInterval: typeof refetchInterval === "function" ? (query) => refetchInterval(query.state.data) : refetchInterval,
  });
  if (q.isPending) return <Skeleton className="m-4 h-16" />;
  if (q.isError)
    return (
      <p className="p-4 text-sm text-red-700 dark:text-red-300">
        {label} could not be loaded: {q.error.message}
      </p>
    );
  if (q.data.content.length === 0) return empty;
  return (
    <>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={label}>
        {q.data.content.map((row) => {
          const id = getId(row);
          return (
            <li key={id}>
              <button
                type="button"
                onClick={() => onSelect(id)}
                aria-current={selected === id ? "true" : undefined}
                className={cn("flex w-full items-center gap-3 px-4 py-3 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-800/60", selected === id && "bg-indigo-50/70 dark:bg-indigo-500/10")}
              >
                {children(row)}
              </button>
            </li>
          );
        })}
      </ul>
      {q.data.totalPages > 1 && (
        <div className="flex items-center justify-between border-t border-slate-100 px-4 py-2 text-sm dark:border-slate-800">
          <Button variant="ghost" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <span className="text-slate-500">
            Page {page + 1} of {q.data.totalPages}
          </span>
          <Button variant="ghost" size="sm" disabled={q.data.last} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </div>
      )}
    </>
  );
}
