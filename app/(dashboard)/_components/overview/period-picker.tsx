// Presets of the reporting period and, for a custom one, two calendar days.
"use client";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import type { OverviewRange } from "@/lib/schemas/dashboard-overview";
import { toDay, type Period } from "./use-period";

const presets: { id: OverviewRange; label: string }[] = [
  { id: "24h", label: "24 hours" },
  { id: "7d", label: "7 days" },
  { id: "30d", label: "30 days" },
  { id: "custom", label: "Custom" },
];

export function PeriodPicker({ period, onChange }: { period: Period; onChange: (p: Period) => void }) {
  const today = toDay(new Date());
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {period.range === "custom" && (
        <div className="flex items-center gap-2 text-sm">
          <Input
            type="date"
            aria-label="First day"
            className="h-9! w-40!"
            max={period.end || today}
            value={period.start}
            onChange={(e) => onChange({ ...period, start: e.target.value })}
          />
          <span className="text-slate-500">to</span>
          <Input
            type="date"
            aria-label="Last day"
            className="h-9! w-40!"
            min={period.start}
            max={today}
            value={period.end}
            onChange={(e) => onChange({ ...period, end: e.target.value })}
          />
        </div>
      )}
      <div role="group" aria-label="Period" className="inline-flex rounded-lg bg-slate-100 p-1 dark:bg-slate-800/70">
        {presets.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={period.range === p.id}
            onClick={() =>
              onChange(
                p.id === "custom"
                  ? { range: "custom", start: period.start || toDay(new Date(Date.now() - 13 * 86_400_000)), end: period.end || today }
                  : { range: p.id, start: "", end: "" },
              )
            }
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500",
              period.range === p.id
                ? "bg-white text-slate-900 shadow-sm dark:bg-slate-900 dark:text-white"
                : "text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100",
            )}
          >
            {p.label}
          </button>
        ))}
      </div>
    </div>
  );
}
