// The page a server-paged table shows, kept in React state: `paging` goes to <QueryTable>, `page`
// and `size` into the query. A change of any of `filters` (a state, a search) starts again at the
// first page, in the same render, so no request goes out for a page of the old results.
"use client";
import type { OnChangeFn, PaginationState } from "@tanstack/react-table";
import { useState } from "react";

export interface Paging {
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
}

export function usePagination(pageSize: number, filters: readonly unknown[] = []) {
  const [pagination, onPaginationChange] = useState<PaginationState>({ pageIndex: 0, pageSize });
  const key = JSON.stringify(filters);
  const [seen, setSeen] = useState(key);
  const changed = seen !== key;
  if (changed) {
    setSeen(key);
    if (pagination.pageIndex > 0) onPaginationChange((p) => ({ ...p, pageIndex: 0 }));
  }
  const current = changed ? { ...pagination, pageIndex: 0 } : pagination;
  return { pagination: current, onPaginationChange, page: current.pageIndex, size: current.pageSize };
}
