// The account's emails, newest first, with their opens and clicks.
"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/ui/cn";
import { formatRelative } from "@/lib/ui/format";
import { emailsKey, listEmails } from "./api";

export function EmailList({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const [page, setPage] = useState(0);
  const q = useQuery({ queryKey: [...emailsKey, page], queryFn: () => listEmails(page), refetchInterval: 3000 });
  return (
    <Card>
      <CardHeader title="Sent emails" description="Opens and clicks are recorded whether or not a callback is set." />
      {q.isPending ? (
        <Skeleton className="m-4 h-16" />
      ) : q.isError ? (
        <p className="p-4 text-sm text-red-700">{q.error.message}</p>
      ) : q.data.content.length === 0 ? (
        <EmptyState title="No emails yet" description="Send a test email, or POST /api/transactional-email." />
      ) : (
        <>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Emails">
            {q.data.content.map((e) => (
              <li key={e.trackingId}>
                <button
                  type="button"
                  onClick={() => onSelect(e.trackingId)}
                  aria-current={selected === e.trackingId ? "true" : undefined}
                  className={cn("flex w-full items-center gap-3 px-4 py-3 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-800/60", selected === e.trackingId && "bg-indigo-50/70 dark:bg-indigo-500/10")}
                >
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
                </button>
              </li>
            ))}
          </ul>
          {q.data.totalPages > 1 && (
            <div className="flex items-center justify-between border-t border-slate-100 px-4 py-2 text-sm dark:border-slate-800">
              <Button variant="ghost" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                Newer
              </Button>
              <Button variant="ghost" size="sm" disabled={q.data.last} onClick={() => setPage((p) => p + 1)}>
                Older
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
