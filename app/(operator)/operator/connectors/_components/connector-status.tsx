// A connector's live status as each worker reports it (rewritten every ~2 s): per worker the
// window in use, rates, submit_sm_resp latency and circuit breaker; per bind its state, last
// error and since when. A worker that stopped reporting is shown greyed as stale.
"use client";
import { Badge } from "@/components/ui/badge";
import { StaticTable } from "@/components/ui/static-table";
import { Time } from "@/components/ui/time";
import { cn } from "@/components/ui/cn";
import { formatMs, formatRelative } from "@/lib/ui/format";
import { stateTone, type ConnectorWithStatus } from "./connectors-api";

type Worker = ConnectorWithStatus["workers"][number];
type Bind = Worker["binds"][number];

const rate = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1));
/** Seconds matter here: a report every 2 s is live, one 30 s old is not. */
const reportedAgo = (at: string) => {
  const s = Math.max(0, Math.round((Date.now() - new Date(at).getTime()) / 1000));
  return s < 90 ? `${s} s ago` : formatRelative(at);
};

function Metric({ label, value, warn }: { label: string; value: string; warn?: boolean }) {
  return (
    <div className="min-w-24">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className={cn("text-sm font-semibold tabular-nums text-slate-900 dark:text-slate-100", warn && "text-amber-700 dark:text-amber-300")}>{value}</dd>
    </div>
  );
}

const bindColumns = [
  { header: "Bind", cell: (b: Bind) => `#${b.index + 1}${b.kind ? ` ${b.kind}` : ""}` },
  {
    header: "State",
    cell: (b: Bind) => (
      <Badge tone={stateTone(b.state)} dot>
        {b.state}
      </Badge>
    ),
  },
  { header: "Since", cell: (b: Bind) => (b.since ? <Time at={b.since} show="relative" /> : "—") },
  { header: "In flight", cell: (b: Bind) => b.inFlight, className: "tabular-nums" },
  { header: "Last error", cell: (b: Bind) => <span className="break-all text-red-700 dark:text-red-300">{b.lastError || ""}</span>, className: "w-1/2" },
];

export function ConnectorStatus({ workers }: { workers: Worker[] }) {
  if (workers.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">No worker reports this connector yet. Workers connect it within seconds and write its status every 2 seconds.</p>;
  return (
    <div className="space-y-4">
      {workers.map((w) => (
        <section key={w.worker} aria-label={`Worker ${w.worker}`} data-testid="worker-status" className={cn("rounded-lg border border-slate-200 dark:border-slate-800", w.stale && "opacity-60")}>
          <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
            <span className="font-mono text-slate-700 dark:text-slate-300">{w.worker}</span>
            <Badge tone={stateTone(w.state)} dot>
              {w.state}
            </Badge>
            {w.breaker !== "closed" && <Badge tone="warning">breaker {w.breaker}</Badge>}
            {w.stale && <Badge>stale</Badge>}
            <span className="ml-auto">reported {reportedAgo(w.updatedAt)}</span>
          </header>
          <dl className="flex flex-wrap gap-x-8 gap-y-3 px-4 py-3">
            <Metric label="Window in use" value={`${w.inFlight} / ${w.window}`} />
            <Metric label="submit_sm/s" value={rate(w.submitsPerSecond)} />
            <Metric label="Receipts/s" value={rate(w.receiptsPerSecond)} />
            <Metric label="Throttled/s" value={rate(w.throttledPerSecond)} warn={w.throttledPerSecond > 0} />
            <Metric label="Latency" value={w.latencyMs === null ? "—" : `${formatMs(Math.round(w.latencyMs))}${w.latencyP95Ms === null ? "" : ` (p95 ${formatMs(Math.round(w.latencyP95Ms))})`}`} />
          </dl>
          {w.binds.length > 0 && (
            <StaticTable dense label={`Binds of ${w.worker}`} columns={bindColumns} rows={w.binds} getRowId={(b) => String(b.index)} className="border-t border-slate-200 dark:border-slate-800" />
          )}
        </section>
      ))}
    </div>
  );
}
