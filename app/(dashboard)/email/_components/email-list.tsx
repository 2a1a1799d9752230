// The account's emails, newest first, with their opens and clicks.
"use client";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PickList } from "@/components/ui/pick-list";
import { formatRelative } from "@/lib/ui/format";
import { emailsKey, listEmails } from "./api";

export function EmailList({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const empty = <EmptyState title="No emails yet" description="Send a test email, or POST /api/transactional-email." />;
  return (
    <Card>
      <CardHeader title="Sent emails" description="Opens and clicks are recorded whether or not a callback is set." />
      <PickList label="Emails" queryKey={emailsKey} fetchPage={listEmails} refetchInterval={3000} empty={empty} getId={(e) => e.trackingId} selected={selected} onSelect={onSelect}>
        {(e) => (
          <>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{e.subject}</span>
              <span className="block truncate text-xs text-slate-500">
                to {e.to.join(", ")} · {formatRelative(e.createdAt)}
              </span>
            </span>
            <span className="text-right text-xs text-slate-600 tabular-nums dark:text-slate-300">
              {e.opens} opens
              <br />
              {e.clicks} clicks
            </span>
            <StatusBadge status={e.status} />
          </>
        )}
      </PickList>
    </Card>
  );
}
