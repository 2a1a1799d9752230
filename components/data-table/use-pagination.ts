// The page a server-paged table shows, kept in React state: `paging` goes to <QueryTable>, `page`
// and `size` into the query, and firstPage() runs when a filter changes.
"use client";
import type { OnChangeFn, PaginationState } from "@tanstack/react-table";
import { useState } from "react";

export interface Paging {
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
}

export function usePagination(pageSize: number) {
  const [pagination, onPaginationChange] = useState<PaginationState>({ pageIndex: 0, pageSize });
  const firstPage = () => onPaginationChange((p) => ({ ...p, pageIndex: 0 }));
  return { pagination, onPaginationChange, firstPage, page: pagination.pageIndex, size: pagination.pageSize };
}
