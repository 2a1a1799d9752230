// What a page shows where its list or record could not be loaded: what failed, the server's
// reason, and a retry. A refusal inside a form or dialog is <ErrorNote>.
import type { ReactNode } from "react";
import { Button } from "./button";
import { ErrorNote } from "./error-note";

export function LoadError({ what, message, onRetry, actions, className }: { what?: string; message: string; onRetry?: () => void; actions?: ReactNode; className?: string }) {
  return (
    <ErrorNote
      size="lg"
      className={className}
      actions={
        (actions || onRetry) && (
          <>
            {actions}
            {onRetry && (
              <Button variant="secondary" size="sm" onClick={onRetry}>
                Retry
              </Button>
            )}
          </>
        )
      }
    >
      {what ? (
        <>
          <p className="font-medium">{what} could not be loaded.</p>
          <p className="mt-0.5">{message}</p>
        </>
      ) : (
        <p>{message}</p>
      )}
    </ErrorNote>
  );
}
