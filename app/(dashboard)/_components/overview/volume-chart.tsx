// SMS parts sent over the period, one stacked bar per bucket: final outcomes at the base,
// still pending on top. Colours are the product's status colours (the campaign chart's).
"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { OverviewView } from "@/lib/schemas/dashboard-overview";
import { statusColors } from "../../campaigns/_components/campaign-state";
import { formatCount } from "@/lib/ui/format";

const fill = (status: string) => statusColors.find((s) => s.status === status)!.fill;
const stack = [
  { key: "delivered", name: "Delivered", fill: fill("Delivered") },
  { key: "undelivered", name: "Undelivered", fill: fill("Undelivered") },
  { key: "failed", name: "Failed", fill: fill("Failed") },
  { key: "unsent", name: "Unsent", fill: fill("Unsent") },
  { key: "pending", name: "Pending", fill: fill("Sent") },
] as const;

const hour = new Intl.DateTimeFormat("en", { hour: "2-digit", minute: "2-digit", hour12: false });
const dayHour = new Intl.DateTimeFormat("en", { weekday: "short", hour: "2-digit", minute: "2-digit", hour12: false });
const day = new Intl.DateTimeFormat("en", { month: "short", day: "numeric" });
const dayLong = new Intl.DateTimeFormat("en", { weekday: "short", month: "short", day: "numeric" });

function formats(bucketSeconds: number) {
  if (bucketSeconds < 6 * 3600) return { tick: (d: Date) => hour.format(d), label: (d: Date) => `${dayLong.format(d)}, ${hour.format(d)}` };
  if (bucketSeconds < 86400) return { tick: (d: Date) => dayHour.format(d), label: (d: Date) => `${dayLong.format(d)}, ${hour.format(d)}` };
  if (bucketSeconds === 86400) return { tick: (d: Date) => day.format(d), label: (d: Date) => dayLong.format(d) };
  return { tick: (d: Date) => day.format(d), label: (d: Date) => `Week of ${day.format(d)}` };
}

export function VolumeChart({ series, bucketSeconds }: { series: OverviewView["series"]; bucketSeconds: number }) {
  const data = series.map((p) => ({ ...p, t: new Date(p.at).getTime() }));
  const present = stack.filter((s) => data.some((p) => p[s.key] > 0));
  const f = formats(bucketSeconds);
  const total = data.reduce((a, p) => a + p.delivered + p.undelivered + p.failed + p.unsent + p.pending, 0);
  return (
    <div className="relative h-72 w-full" role="img" aria-label={`SMS parts over time, ${formatCount(total)} in all, by status.`}>
      {total === 0 && <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-500 dark:text-slate-400">No messages sent in this period.</p>}
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -8 }} barCategoryGap="18%">
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" className="text-slate-200 dark:text-slate-800" vertical={false} />
          <XAxis dataKey="t" tickFormatter={(t: number) => f.tick(new Date(t))} tick={{ fontSize: 11, fill: "#64748b" }} stroke="#cbd5e1" minTickGap={28} tickLine={false} />
          <YAxis allowDecimals={false} width={48} tick={{ fontSize: 11, fill: "#64748b" }} stroke="#cbd5e1" axisLine={false} tickLine={false} tickFormatter={(n: number) => formatCount(n)} />
          <Tooltip
            cursor={{ fill: "rgba(148, 163, 184, 0.12)" }}
            labelFormatter={(t) => f.label(new Date(Number(t)))}
            formatter={(value, name) => [formatCount(Number(value)), name]}
            contentStyle={{ borderRadius: 8, fontSize: 12, borderColor: "#e2e8f0" }}
          />
          {present.length > 0 && <Legend iconType="circle" iconSize={8} itemSorter={null} wrapperStyle={{ fontSize: 12, paddingTop: 4 }} />}
          {present.map((s, i) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} stackId="parts" fill={s.fill} radius={i === present.length - 1 ? [3, 3, 0, 0] : 0} isAnimationActive={false} maxBarSize={36} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
