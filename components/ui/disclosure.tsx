// A section that opens and closes (native <details>): keyboard and screen readers work without
// help, and its content stays in the form when closed. "boxed" frames a form section; "plain"
// is a small inline toggle for secondary detail (a payload, a raw answer).
"use client";
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "./cn";
import { ChevronRightIcon } from "./icons";

export function Disclosure({
  summary,
  hint,
  children,
  defaultOpen,
  openWhen,
  variant = "boxed",
  className,
}: {
  summary: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  /** Opens it when this turns true (say, a field inside has an error); never closes it. */
  openWhen?: boolean;
  variant?: "boxed" | "plain";
  className?: string;
}) {
  const boxed = variant === "boxed";
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (openWhen && ref.current) ref.current.open = true;
  }, [openWhen]);
  return (
    <details ref={ref} open={defaultOpen} className={cn("group", boxed && "rounded-lg border border-slate-200 dark:border-slate-800", className)}>
      <summary
        className={cn(
          "flex cursor-pointer list-none items-center select-none [&::-webkit-details-marker]:hidden focus-visible:outline-2 focus-visible:outline-indigo-500",
          boxed
            ? "gap-2 rounded-lg px-4 py-3 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/50"
            : "w-fit gap-1 rounded text-xs font-medium text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100",
        )}
      >
        <ChevronRightIcon size={boxed ? 16 : 14} className="text-slate-500 transition-transform group-open:rotate-90" />
        <span>{summary}</span>
        {hint && <span className="ml-auto truncate pl-3 text-xs font-normal text-slate-500 dark:text-slate-400">{hint}</span>}
      </summary>
      <div className={boxed ? "border-t border-slate-200 px-4 py-4 dark:border-slate-800" : "mt-2"}>{children}</div>
    </details>
  );
}
