// Shown when a dashboard page fails to render; the server log has the details.
"use client";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { AlertIcon } from "@/components/ui/icons";

export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <EmptyState
      icon={<AlertIcon size={22} />}
      title="This page could not be loaded"
      description={
        <>
          Something went wrong on the server. Try again; if it keeps happening, the server log has the details
          {error.digest ? (
            <>
              {" "}
              (reference <code className="font-mono">{error.digest}</code>)
            </>
          ) : null}
          .
        </>
      }
      action={<Button onClick={reset}>Try again</Button>}
    />
  );
}
