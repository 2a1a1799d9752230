// One campaign: state, counts and progress refreshing while it runs, statuses over time, the
// timeline of its states, its details and its messages (or, before it starts, its recipients).
// A Scheduled campaign can be edited or deleted.
"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ChevronLeftIcon, ClockIcon, TrashIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, formatDateTimeSeconds, formatPrice, plural, ttlLabel } from "@/lib/ui/format";
import { StatusDot } from "@/components/ui/badge";
import { Time } from "@/components/ui/time";
import { CampaignLoadError } from "./campaign-load-error";
import { campaignKey, fetchCampaign, type CampaignDetail, type CampaignView as Campaign } from "./api";
import { CampaignMessages } from "./campaign-messages";
import { CampaignProgress, CampaignStateBadge, statusColors } from "./campaign-state";
import { DeleteCampaignDialog } from "./delete-campaign-dialog";
import { StatusChart } from "./status-chart";
import { CampaignClicks } from "./campaign-clicks";
import { formatLocal, formatUtc } from "./composer/schedule-card";
import { groupLabel } from "./composer/recipients-card";

const sending = new Set(["Queued", "Running", "Sent"]);

export function CampaignView({ id, canEdit }: { id: string; canEdit: boolean }) {
  const [deleting, setDeleting] = useState(false);
  const query = useQuery({
    queryKey: campaignKey(id),
    queryFn: () => fetchCampaign(id),
    refetchInterval: (q) => {
      const c = q.state.data?.campaign;
      // The statuses-over-time series of a large campaign costs more to compute: ask less often.
      if (c && sending.has(c.state)) return c.totalMessages > 5000 ? 5000 : 2000;
      return c?.state === "Scheduled" ? 10_000 : false;
    },
  });

  if (query.isPending)
    return (
      <div className="space-y-6" aria-busy="true">
        <Skeleton className="h-8 w-72" />
        <div className="grid gap-4 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-72" />
      </div>
    );
  if (query.isError) return <CampaignLoadError error={query.error} />;

  const { campaign: c, events, series, bucketSeconds } = query.data;
  const scheduled = c.state === "Scheduled";
  const live = sending.has(c.state);

  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {c.campaignName || "Unnamed campaign"}
            <span data-testid="campaign-state">
              <CampaignStateBadge state={c.state} />
            </span>
          </span>
        }
        description={
          <>
            From <span className="font-medium text-slate-800 dark:text-slate-200">{c.from}</span> · created {formatDateTime(c.createdAt)}
            {live && (
              <span className="ml-2 inline-flex items-center gap-1.5 text-sky-700 dark:text-sky-400">
                <span className="size-1.5 motion-safe:animate-pulse rounded-full bg-current" aria-hidden="true" />
                Live
              </span>
            )}
          </>
        }
        actions={
          <>
            <Link href="/campaigns" className={buttonClasses("ghost")}>
              <ChevronLeftIcon />
              All campaigns
            </Link>
            {scheduled && canEdit && (
              <>
                <Button variant="danger-ghost" onClick={() => setDeleting(true)}>
                  <TrashIcon />
                  Delete
                </Button>
                <Link href={`/campaigns/${c.trackingId}/edit`} className={buttonClasses("primary")}>
                  Edit
                </Link>
              </>
            )}
          </>
        }
      />

      {scheduled && c.scheduledDate && (
        <div className="mb-6 flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3.5 text-sm text-sky-900 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-200">
          <ClockIcon size={18} className="mt-0.5 shrink-0" />
          <p>
            Sends on <strong>{formatLocal(new Date(c.scheduledDate))}</strong> your time ({formatUtc(new Date(c.scheduledDate))}). It is charged then; until then you can edit or delete it.
            {c.reminder.to.length > 0 && ` A test SMS goes to ${c.reminder.to.join(", ")} ${plural(c.reminder.minutesBefore, "minute")} before${c.reminderSentAt ? " (sent)" : ""}.`}
          </p>
        </div>
      )}

      <Counts c={c} />

      {c.trackLinks && <CampaignClicks c={c} series={query.data.clickSeries} canEdit={canEdit} />}

      <Card className="mt-6">
        <CardHeader title="Statuses over time" description={bucketSeconds ? `Messages in each status, every ${bucketLabel(bucketSeconds)}.` : undefined} />
        <CardBody>
          {series.length > 1 ? (
            <StatusChart series={series} bucketSeconds={bucketSeconds} />
          ) : (
            <p className="flex h-32 items-center justify-center text-center text-sm text-slate-500 dark:text-slate-400">
              {scheduled ? "The chart starts when the campaign does." : c.state === "Queued" ? "Starting…" : "No messages to chart."}
            </p>
          )}
        </CardBody>
      </Card>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Details c={c} />
        <Timeline events={events} />
      </div>

      <div className="mt-8">
        <CampaignMessages id={c.trackingId} live={live} started={!scheduled && c.startedAt !== ""} currency={c.currency} />
      </div>

      {canEdit && <DeleteCampaignDialog campaign={deleting ? c : null} onClose={() => setDeleting(false)} />}
    </>
  );
}

function bucketLabel(s: number): string {
  if (s < 60) return plural(s, "second");
  if (s < 3600) return plural(s / 60, "minute");
  if (s < 86_400) return plural(s / 3600, "hour");
  return plural(s / 86_400, "day");
}

function Counts({ c }: { c: Campaign }) {
  const s = c.statuses;
  const total = c.totalMessages;
  const pct = (n: number) => (total ? `${Math.round((n / total) * 100)}%` : "—");
  const tiles = [
    { label: "Recipients", value: total, note: plural(c.totalParts, "part"), testId: "count-recipients" },
    { label: "Delivered", value: s.Delivered, note: pct(s.Delivered), testId: "count-delivered" },
    { label: "Not delivered", value: s.Undelivered + s.Failed + s.Unsent, note: pct(s.Undelivered + s.Failed + s.Unsent), testId: "count-not-delivered" },
    {
      label: c.state === "Scheduled" ? "Estimated cost" : "Cost",
      value: null,
      text: formatPrice(c.cost, c.currency),
      note: c.state === "Scheduled" ? "charged when it starts" : "failed parts refunded",
      testId: "count-cost",
    },
  ];
  return (
    <Card>
      <div className="grid divide-y divide-slate-200 sm:grid-cols-4 sm:divide-x sm:divide-y-0 dark:divide-slate-800">
        {tiles.map((t) => (
          <div key={t.label} className="px-5 py-4">
            <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{t.label}</p>
            <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white" data-testid={t.testId}>
              {t.value === null ? t.text : t.value.toLocaleString("en")}
            </p>
            <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{t.note}</p>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
        <div className="mb-2 flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-slate-900 dark:text-slate-100">{c.state === "Scheduled" ? "Not started" : `${Math.round(c.progress * 100)}% complete`}</span>
          <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
            {c.finalMessages.toLocaleString("en")} of {total.toLocaleString("en")} with a final status
          </span>
        </div>
        <CampaignProgress statuses={s} total={total} progress={c.progress} size="lg" />
        <ul aria-label="Messages per status" className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-xs text-slate-600 dark:text-slate-400">
          {statusColors.map((x) => (
            <li key={x.status} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`size-2 rounded-full ${x.bar}`} />
              {x.status}{" "}
              <span className="font-medium text-slate-900 tabular-nums dark:text-slate-100" data-testid={`status-${x.status}`}>
                {s[x.status].toLocaleString("en")}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

function Details({ c }: { c: Campaign }) {
  const fallbacks = Object.entries(c.fallbackValues);
  const rows: [string, React.ReactNode][] = [
    [
      "Recipients",
      [
        c.groups.length && `${plural(c.groups.length, "group")}: ${c.groups.map(groupLabel).join(", ")}`,
        c.contacts.length && plural(c.contacts.length, "contact"),
        c.to.length && plural(c.to.length, "number"),
      ]
        .filter(Boolean)
        .join(" · "),
    ],
    ["Schedule", c.scheduledDate ? `${formatDateTime(c.scheduledDate)} (${formatUtc(new Date(c.scheduledDate))})` : "Sent at once"],
    ["Started", c.startedAt ? formatDateTimeSeconds(c.startedAt) : "—"],
    ["Ended", c.endedAt ? formatDateTimeSeconds(c.endedAt) : "—"],
    ["Quiet hours", c.respectQuietHours ? "Respected (23:00–08:00 and 14:00–17:00 recipient time)" : "Not applied"],
    ["Reminder", c.reminder.to.length ? `${plural(c.reminder.minutesBefore, "minute")} before, to ${c.reminder.to.join(", ")}` : "None"],
    ["Validity", ttlLabel(c.ttl)],
    ["Encoding", `${c.smsAnalysis.bodyAnalysis?.unicode ? "Unicode" : "GSM-7"}${c.transcode ? ", transcoded" : ""}${c.flash ? ", flash" : ""}`],
  ];
  if (fallbacks.length) rows.push(["Fallback values", fallbacks.map(([k, v]) => `${k} → “${v}”`).join(", ")]);
  if (c.campaignCallback.url) rows.push(["Campaign callback", `${c.campaignCallback.url} (${c.campaignCallback.strategy})`]);
  if (c.callback.url) rows.push(["Delivery reports", `${c.callback.url} (${c.callback.strategy})`]);
  const left = c.errors.flatMap((e) => (Array.isArray(e.property) ? (e.property as string[]) : []));
  if (left.length) rows.push(["Left out", `${plural(left.length, "invalid number")}: ${left.slice(0, 8).join(", ")}${left.length > 8 ? "…" : ""}`]);
  return (
    <Card>
      <CardHeader title="Message and settings" />
      <CardBody className="space-y-4">
        <p className="rounded-lg bg-slate-50 px-3.5 py-3 text-sm leading-6 break-words whitespace-pre-wrap text-slate-900 dark:bg-slate-800/60 dark:text-slate-100" data-testid="campaign-body">
          {c.body}
        </p>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-500 dark:text-slate-400">{k}</dt>
              <dd className="break-words text-slate-900 dark:text-slate-100">{v}</dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}

function Timeline({ events }: { events: CampaignDetail["events"] }) {
  return (
    <Card>
      <CardHeader title="Timeline" />
      <ol aria-label="Campaign timeline" className="px-5 py-4">
        {events.map((e, i) => (
          <li key={`${e.at}-${i}`} className="relative flex gap-3 pb-5 last:pb-0">
            {i < events.length - 1 && <span aria-hidden="true" className="absolute top-4 bottom-0 left-[4.5px] w-px bg-slate-200 dark:bg-slate-700" />}
            <StatusDot status={e.state === "Finished" ? "Delivered" : e.state} className="mt-1.5" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <CampaignStateBadge state={e.state} />
                <Time at={e.at} show="time" className="ml-auto text-xs text-slate-500 tabular-nums dark:text-slate-400" />
              </div>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{e.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
