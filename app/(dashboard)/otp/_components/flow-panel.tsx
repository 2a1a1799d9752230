// One flow: its steps as a timeline across channels (status, times, latency, price), the events
// in order, and the webhooks sent for it.
"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { StatusDot } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { StaticTable } from "@/components/ui/static-table";
import { formatDateTimeSeconds, formatMs, formatPrice } from "@/lib/ui/format";
import type { FlowDetail } from "@/lib/schemas/otp";
import { flowKey, flowsKey, getFlowDetail } from "./api";
import { ChannelBadge, FlowStatus, StepStatus, TwoStepBadge } from "./flow-status";

const time = (iso: string | null) => (iso ? formatDateTimeSeconds(iso) : "—");

export function FlowPanel({ flowId }: { flowId: string }) {
  const q = useQuery({
    queryKey: flowKey(flowId),
    queryFn: () => getFlowDetail(flowId),
    refetchInterval: (query) => (query.state.data?.flow.status === "InProgress" ? 1000 : false),
  });
  // The list shows the same flow's state: keep them in step.
  const queryClient = useQueryClient();
  const signature = q.data ? q.data.flow.status + q.data.flow.steps.map((s) => s.status).join() : "";
  useEffect(() => {
    if (signature) void queryClient.invalidateQueries({ queryKey: flowsKey });
  }, [signature, queryClient]);
  if (q.isPending) return <Skeleton className="h-72" />;
  if (q.isError) return <p className="text-sm text-red-700 dark:text-red-300">The flow could not be loaded: {q.error.message}</p>;
  const d = q.data;
  const f = d.flow;
  return (
    <Card data-testid="flow-panel">
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            {d.twoStep ? "2Step verification" : "Flow"} <FlowStatus status={f.status} />
            {d.twoStep && <TwoStepBadge status={d.twoStep} />}
          </span>
        }
        description={
          <span className="font-mono text-xs">
            {f.flowId}
            {f.statusCode !== null && ` · statusCode ${f.statusCode}`}
            {d.twoStep && ` · ${d.attempts} of ${d.maxAttempts} answers used`}
          </span>
        }
        actions={
          <div className="text-right text-sm">
            <div className="font-medium tabular-nums">{f.total_cost === null ? "—" : formatPrice(f.total_cost, d.currency)}</div>
            <div className="text-xs text-slate-500 dark:text-slate-400">total cost</div>
          </div>
        }
      />
      <CardBody className="space-y-6 py-4">
        <ol className="space-y-3" aria-label="Steps">
          {f.steps.map((s, i) => (
            <li key={s.trackingId} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid={`step-${i}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{s.role}</span>
                <ChannelBadge channel={s.channel} />
                <StepStatus status={s.status} />
                {s.detailed_status && s.detailed_status.toLowerCase() !== s.status && <span className="text-xs text-slate-500">{s.detailed_status}</span>}
                <span className="ml-auto text-sm tabular-nums">{s.price === null ? "price when final" : formatPrice(s.price, d.currency)}</span>
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
                <Item label="Queued" value={time(s.created_at)} />
                <Item label="Sent" value={time(s.sent_at)} />
                <Item label="Delivered" value={time(s.delivered_at)} />
                <Item label="Latency" value={formatMs(s.latency_ms)} />
              </dl>
              {s.error_message && <p className="mt-2 text-xs text-amber-700 dark:text-amber-300">{s.error_message}</p>}
              {s.failover_from_message_token && (
                <p className="mt-1 text-xs text-slate-500">
                  Fails over from <span className="font-mono">{s.failover_from_message_token.slice(0, 8)}…</span>
                </p>
              )}
            </li>
          ))}
        </ol>
        <Timeline events={d.events} />
        <Webhooks d={d} />
      </CardBody>
    </Card>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="tabular-nums text-slate-800 dark:text-slate-200">{value}</dd>
    </div>
  );
}

function Timeline({ events }: { events: FlowDetail["events"] }) {
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold">Timeline</h3>
      <ol className="space-y-2 border-l border-slate-200 pl-4 dark:border-slate-700" aria-label="Timeline">
        {events.map((e, i) => (
          <li key={i} className="relative text-sm">
            <StatusDot status={e.status} className="absolute top-1.5 -left-[1.3rem]" />
            <span className="mr-2 text-xs text-slate-500 tabular-nums">{formatDateTimeSeconds(e.at)}</span>
            <span className="font-medium">{e.status}</span> <span className="text-slate-600 dark:text-slate-300">— {e.description}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Webhooks({ d }: { d: FlowDetail }) {
  if (!d.callbackUrl)
    return (
      <p className="text-xs text-slate-500">
        {d.twoStep ? "2Step verifications have no webhook: read it with GET /api/2step/{trackingId}." : "No webhook URL: the flow is only readable with GET /api/otp/failover/{flowId}."}
      </p>
    );
  return (
    <section>
      <h3 className="mb-1 text-sm font-semibold">Webhooks</h3>
      <p className="mb-2 truncate text-xs text-slate-500">{d.callbackUrl} · one attempt each, never retried</p>
      <StaticTable
        label="Webhooks"
        dense
        rows={d.webhooks}
        getRowId={(w) => w.id}
        empty="None yet: the first goes after the first change."
        columns={[
          { header: "Sent", cell: (w) => <span className="tabular-nums">{formatDateTimeSeconds(w.createdAt)}</span> },
          { header: "Reported", cell: (w) => w.summary },
          { header: "Answer", cell: (w) => (w.statusCode ? `${w.statusCode} in ${w.latencyMs} ms` : w.error || w.state) },
        ]}
      />
    </section>
  );
}
