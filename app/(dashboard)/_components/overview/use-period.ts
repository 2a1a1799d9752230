// The overview's period lives in the URL (?range=24h|7d|30d, or range=custom&start=…&end=… as
// calendar days), so a report can be shared as a link. The API gets instants and the browser's
// UTC offset, so day buckets start at the viewer's midnight.
"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { overviewRangeIds, type OverviewRange } from "@/lib/schemas/dashboard-overview";

export interface Period {
  range: OverviewRange;
  /** Calendar days (YYYY-MM-DD) of a custom period, in the viewer's zone. */
  start: string;
  end: string;
}

const day = /^\d{4}-\d{2}-\d{2}$/;

export function readPeriod(params: URLSearchParams): Period {
  const raw = params.get("range") ?? "";
  const range = (overviewRangeIds as readonly string[]).includes(raw) ? (raw as OverviewRange) : "7d";
  const start = params.get("start") ?? "";
  const end = params.get("end") ?? "";
  return { range, start: day.test(start) ? start : "", end: day.test(end) ? end : "" };
}

/** Local calendar day → the instant it starts (or, with `endOfDay`, ends). */
function localDay(value: string, endOfDay: boolean): Date {
  const [y, m, d] = value.split("-").map(Number);
  return endOfDay ? new Date(y!, m! - 1, d!, 23, 59, 59, 999) : new Date(y!, m! - 1, d!);
}

export function toDay(date: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** The API query of a period, or null for a custom period without a start yet. */
export function periodQuery(p: Period): string | null {
  const q = new URLSearchParams({ range: p.range, offset: String(-new Date().getTimezoneOffset()) });
  if (p.range === "custom") {
    if (!p.start) return null;
    q.set("start", localDay(p.start, false).toISOString());
    if (p.end) {
      const end = localDay(p.end, true);
      if (end.getTime() < Date.now()) q.set("end", end.toISOString());
    }
  }
  return q.toString();
}

export function usePeriod(): [Period, (next: Period) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const period = useMemo(() => readPeriod(new URLSearchParams(params.toString())), [params]);
  const set = useCallback(
    (next: Period) => {
      const q = new URLSearchParams();
      if (next.range !== "7d") q.set("range", next.range);
      if (next.range === "custom") {
        if (next.start) q.set("start", next.start);
        if (next.end) q.set("end", next.end);
      }
      const s = q.toString();
      router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
    },
    [router, pathname],
  );
  return [period, set];
}
