// The Contacts pages' load errors: a list that could not be loaded (with a retry). A refusal
// inside a form or dialog is components/ui/error-note.tsx.
import type { ReactNode } from "react";
export { ErrorNote } from "@/components/ui/error-note";
import { Button } from "@/components/ui/button";
import { AlertIcon } from "@/components/ui/icons";

export function LoadError({ what, message, onRetry, actions }: { what: string; message: string; onRetry: () => void; actions?: ReactNode }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300">
      <AlertIcon className="mt-0.5 shrink-0" />
      <div className="flex-1">
        <p className="font-medium">{what} could not be loaded.</p>
        <p className="mt-0.5">{message}</p>
      </div>
      {actions}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
