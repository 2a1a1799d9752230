// How long delivery receipts took (message creation to receipt): p50, p90 and p99 and the
// distribution over 1–45 seconds, from the latency report's histogram.
"use client";
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis } from "recharts";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { OverviewView } from "@/lib/schemas/dashboard-overview";
import { formatCount, latencyBucket } from "@/lib/ui/format";

export function LatencyCard({ latency }: { latency: OverviewView["latency"] }) {
  const data = latency.histogram.map((n, i) => ({ s: i + 1, label: i === 45 ? "> 45 s" : `${i + 1} s`, n }));
  // Show up to the last non-empty second (at least 10), so a fast network is not a sliver.
  const lastUsed = data.reduce((last, d, i) => (d.n > 0 ? i : last), 0);
  const shown = data.slice(0, Math.max(10, lastUsed + 1));
  return (
    <Card className="flex flex-col">
      <CardHeader title="Delivery latency" description="From sending to the delivery receipt." />
      <CardBody className="flex flex-1 flex-col">
        <dl className="grid grid-cols-3 gap-2">
          {(["p50", "p90", "p99"] as const).map((p) => (
            <div key={p} className="rounded-lg bg-slate-50 px-3 py-2.5 dark:bg-slate-800/60">
              <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{p}</dt>
              <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums dark:text-white" data-testid={`latency-${p}`}>
                {latencyBucket(latency[p])}
              </dd>
            </div>
          ))}
        </dl>
        {latency.measured > 0 ? (
          <>
            <div className="mt-4 h-32 min-h-32 w-full flex-1" role="img" aria-label={`Latency distribution of ${formatCount(latency.measured)} receipts.`}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={shown} margin={{ top: 4, right: 0, bottom: 0, left: 0 }} barCategoryGap={1}>
                  <XAxis dataKey="label" tick={{ fontSize: 10, fill: "#64748b" }} stroke="#cbd5e1" tickLine={false} interval="preserveStartEnd" minTickGap={16} />
                  <Tooltip
                    cursor={{ fill: "rgba(148, 163, 184, 0.12)" }}
                    formatter={(value) => [formatCount(Number(value)), "Parts"]}
                    labelFormatter={(l) => (String(l).startsWith(">") ? `Over 45 seconds` : `Within ${String(l).replace(" s", "")} s`)}
                    contentStyle={{ borderRadius: 8, fontSize: 12, borderColor: "#e2e8f0" }}
                  />
                  <Bar dataKey="n" fill="#6366f1" radius={[2, 2, 0, 0]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{formatCount(latency.measured)} delivery receipts, to the second.</p>
          </>
        ) : (
          <p className="mt-4 flex flex-1 items-center justify-center rounded-lg border border-dashed border-slate-200 p-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
            No delivery receipts in this period yet.
          </p>
        )}
      </CardBody>
    </Card>
  );
}
