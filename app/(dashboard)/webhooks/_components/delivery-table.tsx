// The log's rows: kind, destination, state, attempts and the last answer; a row's time opens the drawer.
"use client";
import { StatusBadge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { Time } from "@/components/ui/time";
import { capitalize } from "@/lib/ui/format";
import type { DeliverySummary } from "./api";

function lastAnswer(d: DeliverySummary): string {
  const a = d.lastAttempt;
  if (!a) return "Not attempted yet";
  return a.error ? a.error : `HTTP ${a.statusCode} in ${a.latencyMs} ms`;
}

export function DeliveryTable({ rows, loading, error, onOpen }: { rows: DeliverySummary[]; loading: boolean; error?: string; onOpen: (id: string) => void }) {
  if (loading)
    return (
      <div role="status" aria-label="Loading deliveries" className="space-y-2 px-5 py-4">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  if (error)
    return (
      <p role="alert" className="px-5 py-6 text-sm text-red-700 dark:text-red-400">
        {error}
      </p>
    );
  if (!rows.length) return <p className="px-5 py-6 text-sm text-slate-500 dark:text-slate-400">No callback matches these filters.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Deliveries">
        <thead className="bg-slate-50 text-xs font-medium text-slate-500 uppercase dark:bg-slate-800/50 dark:text-slate-400">
          <tr>
            <th className="px-5 py-2">Created</th>
            <th className="px-3 py-2">Kind</th>
            <th className="px-3 py-2">Destination</th>
            <th className="px-3 py-2">State</th>
            <th className="px-3 py-2 text-right">Attempts</th>
            <th className="px-5 py-2">Last answer</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map((d) => (
            <tr key={d.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
              <td className="px-5 py-2 whitespace-nowrap tabular-nums">
                <button type="button" className="text-left text-indigo-700 hover:underline dark:text-indigo-300" onClick={() => onOpen(d.id)} aria-label={`Open the ${d.kind} delivery to ${d.url}`}>
                  <Time at={d.createdAt} show="seconds" />
                </button>
              </td>
              <td className="px-3 py-2 font-mono text-xs">{d.kind}</td>
              <td className="max-w-72 truncate px-3 py-2 font-mono text-xs" title={d.url}>
                {d.url}
              </td>
              <td className="px-3 py-2">
                <StatusBadge status={capitalize(d.state)} />
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{d.attempts}</td>
              <td className="max-w-64 truncate px-5 py-2 text-xs text-slate-600 dark:text-slate-400" title={lastAnswer(d)}>
                {lastAnswer(d)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
