// A campaign's state as a badge, and its messages' statuses as one stacked progress bar. The
// tones follow the product's status colours (components/ui/badge.tsx); Finished reads as done.
import { Badge, StatusBadge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { CampaignSummary } from "./api";

export function CampaignStateBadge({ state }: { state: string }) {
  if (state === "Finished")
    return (
      <Badge tone="success" dot>
        Finished
      </Badge>
    );
  return <StatusBadge status={state} />;
}

/** Message statuses in the order the bar and the chart stack them, with their colours. */
export const statusColors = [
  { status: "Delivered", bar: "bg-emerald-500", fill: "#10b981" },
  { status: "Undelivered", bar: "bg-amber-500", fill: "#f59e0b" },
  { status: "Failed", bar: "bg-red-500", fill: "#ef4444" },
  { status: "Unsent", bar: "bg-rose-300 dark:bg-rose-400/70", fill: "#fda4af" },
  { status: "Sent", bar: "bg-sky-400", fill: "#38bdf8" },
  { status: "Queued", bar: "bg-slate-300 dark:bg-slate-600", fill: "#cbd5e1" },
] as const;

export type Statuses = CampaignSummary["statuses"];

/** One bar, a segment per status; its accessible name says how far the campaign is. */
export function CampaignProgress({ statuses, total, progress, className, size = "sm" }: { statuses: Statuses; total: number; progress: number; className?: string; size?: "sm" | "lg" }) {
  const pct = Math.round(progress * 100);
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      aria-label={`${pct}% of messages have their final status`}
      className={cn("flex w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800", size === "lg" ? "h-3" : "h-1.5", className)}
    >
      {total > 0 &&
        statusColors
          .filter((s) => s.status !== "Queued")
          .map((s) => {
            const n = statuses[s.status];
            return n > 0 ? <div key={s.status} className={cn("h-full transition-[width] duration-500", s.bar)} style={{ width: `${(n / total) * 100}%` }} /> : null;
          })}
    </div>
  );
}
