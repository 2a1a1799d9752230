// A refusal or a failure shown in place: "md" inside a form or a dialog, "sm" inside a small
// card, "lg" where a page's content could not be loaded (see load-error.tsx).
import type { ReactNode } from "react";
import { cn } from "./cn";
import { AlertIcon } from "./icons";

const sizes = {
  sm: "gap-1.5 rounded-md px-2.5 py-2 text-xs",
  md: "gap-2.5 rounded-lg border px-3.5 py-3 text-sm",
  lg: "gap-3 rounded-xl border p-4 text-sm",
};

export function ErrorNote({ children, actions, size = "md", className }: { children: ReactNode; actions?: ReactNode; size?: keyof typeof sizes; className?: string }) {
  return (
    <div role="alert" className={cn("flex items-start border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300", sizes[size], className)}>
      <AlertIcon size={size === "sm" ? 14 : 16} className={cn("shrink-0", size === "sm" ? "mt-px" : "mt-0.5")} />
      <div className="min-w-0 flex-1">{children}</div>
      {actions}
    </div>
  );
}
