// The explorer's whole state lives in the page's URL, so a search is a link: range (preset or
// custom start/end), one "operator:value" parameter per filtered field, sort, page, size, the
// visible columns and the message open in the drawer.
"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { exploreFields, type ExploreField, type ExploreFilter } from "@/lib/core/tracking/explore-fields";
import { filterParam, parseFilterParam, type TrackingRange } from "@/lib/schemas/dashboard-tracking";

export interface SearchState {
  range: TrackingRange;
  /** ISO instants of a custom range. */
  start: string;
  end: string;
  filters: ExploreFilter[];
  sort: { id: string; desc: boolean };
  page: number;
  size: number;
  /** Visible optional columns, or null for the default set. */
  cols: string[] | null;
  open: string;
}

const ranges: TrackingRange[] = ["1h", "24h", "7d", "30d", "custom"];

function read(params: URLSearchParams): SearchState {
  const range = (ranges as string[]).includes(params.get("range") ?? "") ? (params.get("range") as TrackingRange) : "24h";
  const filters: ExploreFilter[] = [];
  for (const field of exploreFields) {
    const raw = params.get(field);
    if (raw !== null) filters.push({ field, ...parseFilterParam(raw) });
  }
  const [sortId, dir] = (params.get("sort") ?? "createdAt.desc").split(".");
  const num = (k: string, d: number) => {
    const n = Number(params.get(k));
    return Number.isInteger(n) && n >= 0 && params.get(k) !== null ? n : d;
  };
  const cols = params.get("cols");
  return {
    range,
    start: params.get("start") ?? "",
    end: params.get("end") ?? "",
    filters,
    sort: { id: sortId || "createdAt", desc: dir !== "asc" },
    page: num("page", 0),
    size: [25, 50, 100, 200].includes(num("size", 50)) ? num("size", 50) : 50,
    cols: cols === null ? null : cols.split(",").filter(Boolean),
    open: params.get("open") ?? "",
  };
}

function write(s: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.range !== "24h") p.set("range", s.range);
  if (s.range === "custom") {
    if (s.start) p.set("start", s.start);
    if (s.end) p.set("end", s.end);
  }
  for (const f of s.filters) p.set(f.field, filterParam(f));
  const sort = `${s.sort.id}.${s.sort.desc ? "desc" : "asc"}`;
  if (sort !== "createdAt.desc") p.set("sort", sort);
  if (s.page) p.set("page", String(s.page));
  if (s.size !== 50) p.set("size", String(s.size));
  if (s.cols) p.set("cols", s.cols.join(","));
  if (s.open) p.set("open", s.open);
  return p;
}

/** The query the server reads: the search without the page-only parts (columns, drawer), and filters with a value. */
export function apiQuery(s: SearchState, withPaging: boolean): string {
  const p = write({ ...s, cols: null, open: "", filters: s.filters.filter((f) => f.value.trim() !== "") });
  if (!withPaging) {
    p.delete("page");
    p.delete("size");
    p.delete("sort");
  } else {
    p.set("page", String(s.page));
    p.set("size", String(s.size));
  }
  return p.toString();
}

export function useSearchState(): [SearchState, (change: Partial<SearchState>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const state = useMemo(() => read(new URLSearchParams(params.toString())), [params]);
  const update = useCallback(
    (change: Partial<SearchState>) => {
      // A new search starts on its first page; paging, columns and the drawer keep it.
      const resets = Object.keys(change).some((k) => !["page", "size", "cols", "open"].includes(k));
      const next = { ...read(new URLSearchParams(window.location.search)), ...change, ...(resets && change.page === undefined ? { page: 0 } : {}) };
      const query = write(next).toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname],
  );
  return [state, update];
}

export function filterOf(state: SearchState, field: ExploreField): ExploreFilter | undefined {
  return state.filters.find((f) => f.field === field);
}
