// Presets of the reporting period and, for a custom one, two calendar days.
"use client";
import { Input } from "@/components/ui/input";
import { Segmented } from "@/components/ui/segmented";
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
          <Input type="date" aria-label="First day" className="h-9! w-40!" max={period.end || today} value={period.start} onChange={(e) => onChange({ ...period, start: e.target.value })} />
          <span className="text-slate-500">to</span>
          <Input type="date" aria-label="Last day" className="h-9! w-40!" min={period.start} max={today} value={period.end} onChange={(e) => onChange({ ...period, end: e.target.value })} />
        </div>
      )}
      <Segmented
        label="Period"
        options={presets}
        value={period.range}
        onChange={(id) =>
          onChange(id === "custom" ? { range: "custom", start: period.start || toDay(new Date(Date.now() - 13 * 86_400_000)), end: period.end || today } : { range: id, start: "", end: "" })
        }
      />
    </div>
  );
}
