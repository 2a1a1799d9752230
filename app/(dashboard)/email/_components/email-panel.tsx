// One email: the HTML as it was sent (sandboxed), its opens and clicks over time, its links
// with their clicks, every event, and the event callbacks.
"use client";
import { useQuery } from "@tanstack/react-query";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { StaticTable } from "@/components/ui/static-table";
import { formatDateTimeSeconds } from "@/lib/ui/format";
import type { EmailDetail } from "@/lib/schemas/email";
import { emailKey, getEmail } from "./api";
import { HtmlPreview } from "./html-preview";

export function EmailPanel({ id }: { id: string }) {
  const q = useQuery({ queryKey: emailKey(id), queryFn: () => getEmail(id), refetchInterval: 2000 });
  if (q.isPending) return <Skeleton className="h-96" />;
  if (q.isError) return <p className="text-sm text-red-700 dark:text-red-300">The email could not be loaded: {q.error.message}</p>;
  const e = q.data;
  return (
    <Card data-testid="email-panel">
      <CardHeader title={e.subject} description={`From ${e.from} to ${e.to.join(", ")}`} actions={<StatusBadge status={e.status} />} />
      <CardBody className="space-y-6 py-4">
        {e.error && <p className="text-sm text-amber-700 dark:text-amber-300">{e.error}</p>}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="Opens" value={e.opens} testId="opens" />
          <Stat label="Clicks" value={e.clicks} testId="clicks" />
          <Stat label="Links tracked" value={e.trackLinks ? e.links.length : "off"} />
          <Stat label="Open pixel" value={e.trackOpens ? "on" : "off"} />
        </div>
        <Activity series={e.series} />
        <section>
          <h3 className="mb-2 text-sm font-semibold">As sent</h3>
          <HtmlPreview html={e.html} title={`HTML of ${e.subject}`} />
          <p className="mt-1 text-xs text-slate-500">Remote images and links are blocked in this preview, so viewing it counts neither an open nor a click.</p>
        </section>
        {e.links.length > 0 && (
          <StaticTable
            label="Links"
            dense
            rows={e.links}
            getRowId={(l) => String(l.position)}
            columns={[
              { header: "#", cell: (l) => l.position + 1, className: "w-10" },
              { header: "Link", cell: (l) => <span className="break-all">{l.url}</span> },
              { header: "Clicks", cell: (l) => l.clicks, className: "w-16 text-right" },
            ]}
          />
        )}
        <StaticTable
          label="Events"
          dense
          rows={e.events.slice().reverse()}
          getRowId={(v) => `${v.at}-${v.kind}-${v.url}`}
          empty="No opens or clicks yet."
          columns={[
            { header: "When", cell: (v) => <span className="tabular-nums">{formatDateTimeSeconds(v.at)}</span> },
            { header: "Event", cell: (v) => <Badge tone={v.kind === "click" ? "accent" : "info"}>{v.kind}</Badge> },
            { header: "Link / client", cell: (v) => <span className="break-all">{v.url || v.userAgent || "—"}</span> },
          ]}
        />
        {e.callbacks.length > 0 && (
          <p className="text-xs text-slate-500">
            {e.callbacks.length} event callbacks: {e.callbacks.filter((c) => c.state === "delivered").length} delivered.
          </p>
        )}
      </CardBody>
    </Card>
  );
}

function Stat({ label, value, testId }: { label: string; value: number | string; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
      <div className="text-xs text-slate-500 dark:text-slate-400">{label}</div>
      <div className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

function Activity({ series }: { series: EmailDetail["series"] }) {
  if (!series.length) return null;
  const max = Math.max(...series.map((s) => s.opens + s.clicks), 1);
  return (
    <section aria-label="Opens and clicks over time">
      <h3 className="mb-2 text-sm font-semibold">Opens and clicks over time</h3>
      <div className="flex h-24 items-end gap-1.5 overflow-x-auto border-b border-slate-200 dark:border-slate-700">
        {series.map((s) => (
          <div key={s.at} className="flex w-5 shrink-0 flex-col justify-end" title={`${clock(s.at)}: ${s.opens} opens, ${s.clicks} clicks`}>
            <div className="rounded-t-sm bg-indigo-500" style={{ height: `${(s.clicks / max) * 88}px` }} />
            <div className="bg-sky-400" style={{ height: `${(s.opens / max) * 88}px` }} />
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-between gap-3 text-xs text-slate-500">
        <span>
          {clock(series[0]!.at)}
          {series.length > 1 && ` – ${clock(series.at(-1)!.at)}`}, per {series.length > 1 && new Date(series[1]!.at).getTime() - new Date(series[0]!.at).getTime() >= 3_600_000 ? "hour" : "minute"}
        </span>
        <span className="flex gap-3">
          <span>
            <span className="mr-1 inline-block size-2 bg-sky-400" />
            opens
          </span>
          <span>
            <span className="mr-1 inline-block size-2 bg-indigo-500" />
            clicks
          </span>
        </span>
      </div>
    </section>
  );
}
