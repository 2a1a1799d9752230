// Endpoint health cards: per destination, success rate and latency over the last hour and day, a
// 24-hour sparkline, the last error and consecutive failures; Pause, and Resume (which sends what
// waited, in order).
"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { formatPercent, plural } from "@/lib/ui/format";
import { fetchEndpoints, setPaused, webhooksKey, type EndpointHealth } from "./api";

function Sparkline({ hourly, label }: { hourly: Array<[number, number]>; label: string }) {
  const max = Math.max(1, ...hourly.map(([ok, failed]) => ok + failed));
  return (
    <svg viewBox="0 0 96 24" className="h-6 w-full" role="img" aria-label={label}>
      {hourly.map(([ok, failed], i) => {
        const h = ((ok + failed) / max) * 24;
        const fh = (failed / max) * 24;
        return (
          <g key={i}>
            <rect x={i * 4} y={24 - h} width={3} height={h - fh} className="fill-emerald-500/70" />
            <rect x={i * 4} y={24 - fh} width={3} height={fh} className="fill-red-500/80" />
          </g>
        );
      })}
    </svg>
  );
}

function Card({ e, canAct, onShow }: { e: EndpointHealth; canAct: boolean; onShow: (endpoint: string) => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const toggle = useMutation({
    mutationFn: () => setPaused(e.endpoint, !e.paused),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: webhooksKey });
      toast({
        title: e.paused ? "Endpoint resumed" : "Endpoint paused",
        description: e.paused ? `${plural(e.waiting, "waiting callback")} on the way, oldest first.` : "New callbacks wait until you resume it.",
      });
    },
    onError: (err) => toast({ tone: "error", title: "That did not work", description: err.message }),
  });
  const p95 = e.lastHour.latencyMs.p95 ?? e.lastDay.latencyMs.p95;
  return (
    <li aria-label={`Endpoint ${e.endpoint}`} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start gap-2">
        <button
          type="button"
          className="min-w-0 flex-1 truncate text-left font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-300"
          title={e.endpoint}
          onClick={() => onShow(e.endpoint)}
        >
          {e.endpoint}
        </button>
        {e.paused ? <Badge tone="warning">Paused</Badge> : e.consecutiveFailures ? <Badge tone="danger">Failing</Badge> : <Badge tone="success">Healthy</Badge>}
      </div>
      <Sparkline hourly={e.hourly} label={`Attempts per hour over 24 hours to ${e.endpoint}`} />
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-slate-500">Success, 1 h / 24 h</dt>
          <dd className="tabular-nums">
            {formatPercent(e.lastHour.successRate, 0)} / {formatPercent(e.lastDay.successRate, 0)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">p95 latency</dt>
          <dd className="tabular-nums">{p95 === null ? "—" : `${p95} ms`}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Failures in a row</dt>
          <dd className="tabular-nums">{e.consecutiveFailures}</dd>
        </div>
      </dl>
      {e.lastError && (
        <p className="truncate text-xs text-red-700 dark:text-red-400" title={e.lastError}>
          Last error: {e.lastError}
        </p>
      )}
      {e.paused && <p className="text-xs text-amber-800 dark:text-amber-300">{plural(e.waiting, "callback")} waiting.</p>}
      {canAct && (
        <Button size="sm" variant={e.paused ? "primary" : "secondary"} loading={toggle.isPending} onClick={() => toggle.mutate()}>
          {e.paused ? "Resume" : "Pause"}
        </Button>
      )}
    </li>
  );
}

export function EndpointCards({ canAct, onShow }: { canAct: boolean; onShow: (endpoint: string) => void }) {
  const query = useQuery({ queryKey: [...webhooksKey, "endpoints"], queryFn: fetchEndpoints, refetchInterval: 10_000 });
  const list = query.data ?? [];
  const paused = list.filter((e) => e.paused);
  return (
    <section aria-label="Endpoints" className="space-y-3">
      {paused.length > 0 && (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
          {paused.length === 1 ? "An endpoint is paused" : `${paused.length} endpoints are paused`} after repeated failures:{" "}
          {plural(
            paused.reduce((n, e) => n + e.waiting, 0),
            "callback",
          )}{" "}
          wait. Fix the receiver, then resume it below.
        </div>
      )}
      {list.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((e) => (
            <Card key={e.endpoint} e={e} canAct={canAct} onShow={onShow} />
          ))}
        </ul>
      )}
    </section>
  );
}
