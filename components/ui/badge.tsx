// Small labels. Tones carry meaning and mean the same everywhere: success = done/active,
// danger = failed/revoked, warning = pending attention, info = in progress, accent = highlight.
import type { ReactNode } from "react";
import { cn } from "./cn";

export type BadgeTone = "neutral" | "accent" | "success" | "warning" | "danger" | "info";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-400/20",
  accent: "bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-400/30",
  success: "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30",
  danger: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30",
  info: "bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30",
};

/** Status words used across the product and the tone each one gets. */
const statusTones: Record<string, BadgeTone> = {
  active: "success",
  delivered: "success",
  completed: "success",
  sent: "info",
  scheduled: "info",
  running: "info",
  pending: "warning",
  paused: "warning",
  // An account the platform operator suspended; its campaigns' timelines say Paused, then Resumed.
  suspended: "danger",
  resumed: "info",
  // Delivery ran its course but the handset did not get it (expired, unknown number ...).
  undelivered: "warning",
  revoked: "danger",
  failed: "danger",
  unsent: "danger",
  // Accepted, nothing has happened yet.
  queued: "neutral",
  cancelled: "neutral",
  expired: "neutral",
};

export function statusTone(status: string): BadgeTone {
  return statusTones[status.toLowerCase()] ?? "neutral";
}

export function Badge({ tone = "neutral", dot, className, children }: { tone?: BadgeTone; dot?: boolean; className?: string; children: ReactNode }) {
  return (
    <span className={cn("inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset", tones[tone], className)}>
      {dot && <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />}
      {children}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTone(status)} dot>
      {status}
    </Badge>
  );
}

/** The first `max` items as badges and "+N" for the rest; every item on hover. */
export function BadgeList({ items, max = items.length, tone, className }: { items: string[]; max?: number; tone?: BadgeTone; className?: string }) {
  const rest = items.length - max;
  return (
    <span className="flex flex-wrap gap-1" title={items.join(", ")}>
      {items.slice(0, max).map((item) => (
        <Badge key={item} tone={tone} className={className}>
          {item}
        </Badge>
      ))}
      {rest > 0 && <Badge>+{rest}</Badge>}
    </span>
  );
}

const dots: Record<BadgeTone, string> = {
  neutral: "bg-slate-400 ring-slate-100 dark:bg-slate-500 dark:ring-slate-800",
  accent: "bg-indigo-500 ring-indigo-100 dark:ring-indigo-500/20",
  success: "bg-emerald-500 ring-emerald-100 dark:ring-emerald-500/20",
  warning: "bg-amber-500 ring-amber-100 dark:ring-amber-500/20",
  danger: "bg-red-500 ring-red-100 dark:ring-red-500/20",
  info: "bg-sky-500 ring-sky-100 dark:ring-sky-500/20",
};

/** A status as a coloured dot (timelines, compact lists); pair it with the status in text. */
export function StatusDot({ status, className }: { status: string; className?: string }) {
  return <span aria-hidden="true" className={cn("inline-block size-2.5 shrink-0 rounded-full ring-4", dots[statusTone(status)], className)} />;
}
