// The record a drawer loads, in its three states: a skeleton while it loads, the reason when it
// could not be loaded, then the record itself (the message explorer's and the webhooks' drawers).
import type { ReactNode } from "react";
import { Skeleton } from "./skeleton";

interface RecordQuery<T> {
  isPending: boolean;
  data: T | undefined;
  error: Error | null;
}

/** `what` names the record in the loading label and the fallback reason ("the message"). */
export function DrawerRecord<T>({ query, what, children }: { query: RecordQuery<T>; what: string; children: (record: T) => ReactNode }) {
  if (query.isPending)
    return (
      <div role="status" aria-label={`Loading the ${what}`} className="space-y-4">
        <Skeleton className="h-24" />
        <Skeleton className="h-40" />
      </div>
    );
  if (!query.data)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {query.error?.message ?? `The ${what} could not be loaded.`}
      </p>
    );
  return children(query.data);
}
