import { cn } from "@/components/ui/cn";

const colors: Record<string, string> = {
  GET: "bg-emerald-50 text-emerald-700 ring-emerald-600/25 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30",
  POST: "bg-indigo-50 text-indigo-700 ring-indigo-600/25 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-400/30",
  PUT: "bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30",
  PATCH: "bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30",
  DELETE: "bg-red-50 text-red-700 ring-red-600/25 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30",
};

export function MethodBadge({ method, small }: { method: string; small?: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded font-mono font-semibold ring-1 ring-inset",
        small ? "w-12 px-1 py-px text-[10px]" : "w-16 px-1.5 py-0.5 text-xs",
        colors[method] ?? colors.GET,
      )}
    >
      {method}
    </span>
  );
}
