// Statuses over time: how many of the campaign's messages were in each status at the end of
// each bucket, stacked, so the area shifts from Queued through Sent to the final statuses.
"use client";
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { StatusPoint } from "@/lib/schemas/dashboard-campaigns";
import { statusColors } from "./campaign-state";

const timeOnly = new Intl.DateTimeFormat("en", { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false });
const timeShort = new Intl.DateTimeFormat("en", { hour: "2-digit", minute: "2-digit", hour12: false });
const dayTime = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false });

function tickFormat(bucketSeconds: number) {
  const f = bucketSeconds < 60 ? timeOnly : bucketSeconds < 3600 * 6 ? timeShort : dayTime;
  return (t: number) => f.format(new Date(t));
}

/** The order areas stack in, bottom first: final outcomes at the base, waiting on top. */
const stackOrder = [...statusColors];

export function StatusChart({ series, bucketSeconds }: { series: StatusPoint[]; bucketSeconds: number }) {
  const data = series.map((p) => ({ ...p, t: new Date(p.at).getTime() }));
  const present = stackOrder.filter((s) => data.some((p) => p[s.status] > 0));
  const format = tickFormat(bucketSeconds);
  return (
    <div className="h-72 w-full" role="img" aria-label={describe(series)}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" className="text-slate-200 dark:text-slate-800" vertical={false} />
          <XAxis dataKey="t" type="number" domain={["dataMin", "dataMax"]} scale="time" tickFormatter={format} tick={{ fontSize: 11, fill: "#64748b" }} stroke="#cbd5e1" minTickGap={40} />
          <YAxis allowDecimals={false} width={44} tick={{ fontSize: 11, fill: "#64748b" }} stroke="#cbd5e1" tickFormatter={(n: number) => n.toLocaleString("en")} />
          <Tooltip
            labelFormatter={(t) => dayTime.format(new Date(Number(t)))}
            formatter={(value, name) => [Number(value).toLocaleString("en"), name]}
            contentStyle={{ borderRadius: 8, fontSize: 12, borderColor: "#e2e8f0" }}
          />
          <Legend iconType="circle" iconSize={8} itemSorter={null} wrapperStyle={{ fontSize: 12 }} />
          {present.map((s) => (
            <Area key={s.status} type="linear" dataKey={s.status} stackId="1" stroke={s.fill} fill={s.fill} fillOpacity={0.85} isAnimationActive={false} />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The chart in words, for screen readers. */
function describe(series: StatusPoint[]): string {
  const last = series.at(-1);
  if (!last) return "No messages yet.";
  const parts = statusColors.filter((s) => last[s.status] > 0).map((s) => `${last[s.status]} ${s.status}`);
  return `Statuses over time; now ${parts.join(", ") || "none"}.`;
}
