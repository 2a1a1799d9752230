// The account's flows, newest first, refreshed while any is in progress.
"use client";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { type ListPage, PickList } from "@/components/ui/pick-list";
import type { FlowSummary } from "@/lib/schemas/otp";
import { formatRelative } from "@/lib/ui/format";
import { flowsKey, listFlows } from "./api";
import { ChannelBadge, FlowStatus, TwoStepBadge } from "./flow-status";

/** Quick while a flow is still going, so its steps show as they happen. */
const whileInProgress = (page: ListPage<FlowSummary> | undefined) => (page?.content.some((f) => f.status === "InProgress") ? 1500 : 10_000);

export function FlowList({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const empty = <EmptyState title="No OTP flows yet" description="Start a test flow, or send one with POST /api/otp/send-failover or POST /api/2step." />;
  return (
    <Card>
      <CardHeader title="Flows" description="Each flow sends one code, channel after channel, until one delivers." />
      <PickList label="OTP flows" queryKey={flowsKey} fetchPage={listFlows} refetchInterval={whileInProgress} empty={empty} getId={(f) => f.flowId} selected={selected} onSelect={onSelect}>
        {(f) => (
          <>
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
              {f.twoStep && <TwoStepBadge status={f.twoStep} />}
              <span className="text-xs text-slate-500 dark:text-slate-400">{formatRelative(f.createdAt)}</span>
            </span>
          </>
        )}
      </PickList>
    </Card>
  );
}
