// The reporting home: the period picker, the period's totals, volume by status over time,
// latency, delivery per country and operator, cost and margin for platform administrators, and
// the latest campaigns. The report comes from /api/dashboard/overview for the period in the URL.
"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { LoadError } from "@/components/ui/load-error";
import type { OverviewView as Overview } from "@/lib/schemas/dashboard-overview";
import { apiFetch } from "@/lib/ui/api-client";
import { BreakdownCard } from "./breakdown-card";
import { formatAmount, formatCount, formatPercent } from "@/lib/ui/format";
import { LatencyCard } from "./latency-card";
import { MarginsSection } from "./margins-section";
import { PeriodPicker } from "./period-picker";
import { RecentCampaigns } from "./recent-campaigns";
import { periodQuery, usePeriod } from "./use-period";
import { VolumeChart } from "./volume-chart";

const rangeWords = { "24h": "the last 24 hours", "7d": "the last 7 days", "30d": "the last 30 days" } as const;
const dayFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", year: "numeric" });

export function OverviewView({
  title,
  subtitle,
  balance,
  canCompose,
  getStarted,
  showMargins = false,
}: {
  title: string;
  subtitle: string;
  balance: string;
  canCompose: boolean;
  getStarted?: React.ReactNode;
  /** A platform administrator: every account's cost and margin too. */
  showMargins?: boolean;
}) {
  const [period, setPeriod] = usePeriod();
  const query = periodQuery(period);
  const result = useQuery({
    queryKey: ["overview", query],
    queryFn: () => apiFetch<Overview>(`/api/dashboard/overview?${query}`),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const o = result.data;
  const t = o?.totals;
  const periodText = period.range === "custom" ? (o ? `${dayFormat.format(new Date(o.from))} – ${dayFormat.format(new Date(o.to))}` : "the chosen days") : rangeWords[period.range];

  return (
    <>
      <PageHeader title={title} description={subtitle} actions={<PeriodPicker period={period} onChange={setPeriod} />} />
      {getStarted}

      {result.isError && <LoadError className="mb-6" message={(result.error as Error).message} />}

      <section aria-label="Totals" className={cn("grid grid-cols-2 gap-3 lg:grid-cols-5 lg:gap-4", result.isFetching && o && "opacity-80 transition-opacity")}>
        <Kpi label="Sent" loading={!t} value={t && formatCount(t.total)} note={t && (t.pending ? `${formatCount(t.pending)} still pending` : "SMS parts")} />
        <Kpi
          label="Delivered"
          loading={!t}
          value={t && formatCount(t.delivered)}
          note={t && (t.deliveryRate === null ? "No final status yet" : `${formatPercent(t.deliveryRate)} delivery rate`)}
          tone="success"
          testId="kpi-delivered"
        />
        <Kpi
          label="Failed"
          loading={!t}
          value={t && formatCount(t.failed + t.undelivered + t.unsent)}
          note={t && (t.failed + t.undelivered + t.unsent > 0 ? `${formatPercent((t.failed + t.undelivered + t.unsent) / (t.total - t.pending))} of final parts` : "None in this period")}
          tone={t && t.failed + t.undelivered + t.unsent > 0 ? "danger" : undefined}
        />
        <Kpi label="Cost" loading={!t} value={t && o && formatAmount(t.cost, o.currency)} note={`Over ${periodText}`} />
        <Kpi label="Balance" value={balance} note="Prepaid, available now" className="col-span-2 lg:col-span-1" />
      </section>

      <div className="mt-6 grid gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <CardHeader title="Volume by status" description={`SMS parts sent over ${periodText}, by their current status.`} />
          <CardBody>{o ? <VolumeChart series={o.series} bucketSeconds={o.bucketSeconds} /> : <Skeleton className="h-72 w-full" />}</CardBody>
        </Card>
        {o ? (
          <LatencyCard latency={o.latency} />
        ) : (
          <Card>
            <CardHeader title="Delivery latency" description="From sending to the delivery receipt." />
            <CardBody>
              <Skeleton className="h-64 w-full" />
            </CardBody>
          </Card>
        )}
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {o ? (
          <>
            <BreakdownCard title="Delivery by country" description="Delivered share of the parts with a final status." rows={o.countries} kind="country" currency={o.currency} />
            <BreakdownCard title="Delivery by operator" description="The networks that carried the most parts." rows={o.operators} kind="operator" currency={o.currency} />
          </>
        ) : (
          [0, 1].map((i) => <Skeleton key={i} className="h-64 w-full rounded-xl" />)
        )}
      </div>

      {showMargins && <MarginsSection query={query} periodText={periodText} />}

      <div className="mt-6">{o ? <RecentCampaigns campaigns={o.campaigns} canCreate={canCompose} /> : <Skeleton className="h-48 w-full rounded-xl" />}</div>
    </>
  );
}

function Kpi({
  label,
  value,
  note,
  loading,
  tone,
  className,
  testId,
}: {
  label: string;
  value?: string;
  note?: string;
  loading?: boolean;
  tone?: "success" | "danger";
  className?: string;
  testId?: string;
}) {
  return (
    <Card className={cn("p-4 lg:p-5", className)} data-testid={testId}>
      <p className="flex items-center gap-2 text-sm font-medium text-slate-500 dark:text-slate-400">
        {tone && <span aria-hidden="true" className={cn("size-2 rounded-full", tone === "success" ? "bg-emerald-500" : "bg-red-500")} />}
        {label}
      </p>
      {loading ? (
        <>
          <Skeleton className="mt-2.5 h-7 w-24" />
          <Skeleton className="mt-2 h-4 w-32" />
        </>
      ) : (
        <>
          <p className="mt-1.5 truncate text-2xl font-semibold tracking-tight text-slate-900 tabular-nums lg:text-[1.7rem] dark:text-white">{value}</p>
          <p className="mt-0.5 truncate text-xs text-slate-500 sm:text-sm dark:text-slate-400">{note}</p>
        </>
      )}
    </Card>
  );
}
