// How many rows a filtered list matches, beside its filters; read out when the filters change it.
import type { ReactNode } from "react";
import { countOf } from "@/lib/ui/format";

/** Nothing until the first page answered; `children` qualifies the count (" in VIPs"). */
export function ResultCount({ total, noun, children }: { total: number | undefined; noun: string; children?: ReactNode }) {
  if (total === undefined) return null;
  return (
    <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
      {countOf(total, noun)}
      {children}
    </p>
  );
}
