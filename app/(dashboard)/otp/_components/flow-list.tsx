// The account's flows, newest first, refreshed while any is in progress.
"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatRelative } from "@/lib/ui/format";
import { cn } from "@/components/ui/cn";
import { flowsKey, listFlows } from "./api";
import { ChannelBadge, FlowStatus } from "./flow-status";

export function FlowList({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const [page, setPage] = useState(0);
  const q = useQuery({
    queryKey: [...flowsKey, page],
    queryFn: () => listFlows(page),
    refetchInterval: (query) => (query.state.data?.content.some((f) => f.status === "InProgress") ? 1500 : 10_000),
  });
  return (
    <Card>
      <CardHeader title="Flows" description="Each flow sends one code, channel after channel, until one delivers." />
      {q.isPending ? (
        <div className="space-y-2 p-4">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : q.isError ? (
        <p className="p-4 text-sm text-red-700 dark:text-red-300">The flows could not be loaded: {q.error.message}</p>
      ) : q.data.content.length === 0 ? (
        <EmptyState title="No OTP flows yet" description="Start a test flow, or send one with POST /api/otp/send-failover." />
      ) : (
        <>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="OTP flows">
            {q.data.content.map((f) => (
              <li key={f.flowId}>
                <button
                  type="button"
                  onClick={() => onSelect(f.flowId)}
                  aria-current={selected === f.flowId ? "true" : undefined}
                  className={cn(
                    "flex w-full items-center gap-3 px-4 py-3 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-800/60",
                    selected === f.flowId && "bg-indigo-50/70 dark:bg-indigo-500/10",
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium tabular-nums text-slate-900 dark:text-slate-100">+{f.phoneNumber}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                      {f.channels.map((c, i) => (
                        <span key={i} className="inline-flex items-center gap-1">
                          {i > 0 && <span aria-hidden="true">→</span>}
                          <ChannelBadge channel={c} />
                          <span>{f.stepStatuses[i]}</span>
                        </span>
                      ))}
                    </span>
                  </span>
                  <span className="flex flex-col items-end gap-1">
                    <FlowStatus status={f.status} />
                    <span className="text-xs text-slate-500 dark:text-slate-400">{formatRelative(f.createdAt)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {q.data.totalPages > 1 && (
            <div className="flex items-center justify-between border-t border-slate-100 px-4 py-2 text-sm dark:border-slate-800">
              <Button variant="ghost" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                Newer
              </Button>
              <span className="text-slate-500">
                Page {page + 1} of {q.data.totalPages}
              </span>
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
