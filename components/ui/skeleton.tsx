// Placeholder blocks shown while data loads: one block, or a stack of them (one size each).
import { cn } from "./cn";

export function Skeleton({ className }: { className?: string }) {
  return <div className={cn("motion-safe:animate-pulse rounded-md bg-slate-200 dark:bg-slate-800", className)} aria-hidden="true" />;
}

export function Skeletons({ sizes, className }: { sizes: string[]; className?: string }) {
  return (
    <div className={cn("space-y-2", className)} aria-busy="true">
      {sizes.map((size, i) => (
        <Skeleton key={i} className={size} />
      ))}
    </div>
  );
}
