// The tracking explorer: every part of the account's messages in a date range, filtered with
// the spec's operators, sorted and paged on the server; the whole search lives in the URL.
// A row opens the message in a drawer; the search downloads as CSV.
"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { PaginationState, SortingState, Updater } from "@tanstack/react-table";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { ActivityIcon, CopyIcon, InfoIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Segmented } from "@/components/ui/segmented";
import { Options, Select } from "@/components/ui/select";
import { QueryTable } from "@/components/data-table/query-table";
import { useToast } from "@/components/ui/toast";
import { dateToLocal, localToDate } from "@/lib/schemas/dashboard-campaigns";
import { MAX_SPAN_DAYS, type TrackingRange } from "@/lib/schemas/dashboard-tracking";
import { formatDateTimeSeconds } from "@/lib/ui/format";
import { exportUrl, fetchTracking, trackingKey } from "./api";
import { columnLabels, defaultColumns, trackingColumns } from "./columns";
import { FilterBar } from "./filter-bar";
import { MessageDrawer } from "./message-drawer";
import { apiQuery, useSearchState } from "./use-search-state";

const presets: { id: TrackingRange; label: string }[] = [
  { id: "1h", label: "Last hour" },
  { id: "24h", label: "24 hours" },
  { id: "7d", label: "7 days" },
  { id: "30d", label: "30 days" },
  { id: "custom", label: "Custom" },
];

const apply = <T,>(u: Updater<T>, old: T): T => (typeof u === "function" ? (u as (o: T) => T)(old) : u);
/** The search keeps instants (ISO); the inputs show and take the browser's local time. */
const toLocal = (iso: string) => (iso ? dateToLocal(new Date(iso)) : "");
const fromLocal = (value: string) => localToDate(value)?.toISOString() ?? "";

export function TrackingView({ canResend }: { canResend: boolean }) {
  const [state, update] = useSearchState();
  const [showColumns, setShowColumns] = useState(false);
  const toast = useToast();
  const query = apiQuery(state, true);
  const result = useQuery({
    queryKey: [...trackingKey, query],
    queryFn: () => fetchTracking(query),
    placeholderData: keepPreviousData,
    enabled: state.range !== "custom" || Boolean(state.start),
  });
  const page = result.data;
  const visible = new Set(state.cols ?? defaultColumns);
  const pagination: PaginationState = { pageIndex: state.page, pageSize: state.size };
  const sorting: SortingState = [state.sort];

  const share = async () => {
    await navigator.clipboard?.writeText(window.location.href).catch(() => undefined);
    toast({ tone: "success", title: "Link copied", description: "Whoever opens it (and may see this account) gets the same search." });
  };

  return (
    <>
      <PageHeader
        title="Tracking"
        description="Every SMS part your account sent or received — single messages and campaigns — with its status, price and delivery time."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={share}>
              <CopyIcon />
              Copy link
            </Button>
            <a href={exportUrl(apiQuery(state, false))} download className={buttonClasses("secondary")} data-testid="export-csv">
              Export CSV
            </a>
          </div>
        }
      />

      <section aria-label="Search" className="mb-4 space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-wrap items-center gap-3">
          <Segmented
            label="Date range"
            options={presets}
            value={state.range}
            onChange={(id) => update(id === "custom" && !state.start ? { range: "custom", start: new Date(Date.now() - 86_400_000).toISOString(), end: "" } : { range: id })}
          />
          {state.range === "custom" && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Input type="datetime-local" aria-label="From" className="w-52!" value={toLocal(state.start)} onChange={(e) => update({ start: fromLocal(e.target.value) })} />
              <span className="text-slate-500">to</span>
              <Input type="datetime-local" aria-label="To" className="w-52!" value={toLocal(state.end)} onChange={(e) => update({ end: fromLocal(e.target.value) })} />
            </div>
          )}
          <p className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            <InfoIcon size={14} className="shrink-0" />
            The dashboard searches all stored messages, up to {MAX_SPAN_DAYS} days at once; the tracking API answers only the latest 7 days.
          </p>
        </div>
        <FilterBar filters={state.filters} onChange={(filters) => update({ filters })} />
      </section>

      <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
        <p aria-live="polite">
          {page &&
            (page.capped ? (
              <>More than {page.totalElements.toLocaleString("en")} parts match — narrow the search to page through them all (the export has every one).</>
            ) : (
              <>
                {page.totalElements.toLocaleString("en")} {page.totalElements === 1 ? "part" : "parts"} from {formatDateTimeSeconds(page.from)} to {formatDateTimeSeconds(page.to)}
              </>
            ))}
        </p>
        <div className="flex items-center gap-2">
          <Select aria-label="Rows per page" className="w-36!" value={String(state.size)} onChange={(e) => update({ size: Number(e.target.value), page: 0 })}>
            <Options values={[25, 50, 100, 200]} label={(n) => `${n} per page`} />
          </Select>
          <div className="relative">
            <Button variant="secondary" aria-expanded={showColumns} onClick={() => setShowColumns((v) => !v)}>
              Columns
            </Button>
            {showColumns && (
              <div
                role="group"
                aria-label="Visible columns"
                className="absolute right-0 z-20 mt-2 w-56 space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
              >
                {trackingColumns.map((c) => (
                  <Checkbox
                    key={c.id}
                    label={columnLabels[c.id!]}
                    checked={visible.has(c.id!)}
                    onChange={(e) => {
                      const next = trackingColumns.map((col) => col.id!).filter((id) => (id === c.id ? e.target.checked : visible.has(id)));
                      update({ cols: next.length ? next : [c.id!] });
                    }}
                  />
                ))}
                <Button variant="ghost" size="sm" onClick={() => update({ cols: null })}>
                  Reset columns
                </Button>
              </div>
            )}
          </div>
        </div>
      </div>

      <QueryTable
        label="Message parts"
        query={result}
        columns={trackingColumns}
        paging={{
          pagination,
          onPaginationChange: (u) => {
            const next = apply(u, pagination);
            update({ page: next.pageIndex, size: next.pageSize });
          },
        }}
        sorting={sorting}
        onSortingChange={(u) => {
          const [next] = apply(u, sorting);
          if (next) update({ sort: { id: next.id, desc: next.desc } });
        }}
        columnVisibility={Object.fromEntries(trackingColumns.map((c) => [c.id!, visible.has(c.id!)]))}
        getRowId={(r) => r.smsId}
        onRowClick={(r) => update({ open: r.trackingId })}
        rowLabel={(r) => `Open the SMS to ${r.to}, part ${r.part} of ${r.parts}`}
        empty={
          <EmptyState
            icon={<ActivityIcon size={22} />}
            title={state.filters.length ? "No messages match" : "No messages in this range"}
            description={state.filters.length ? "Try another operator, a shorter value, or a longer date range." : "Pick a longer range, or send a message from Compose."}
            action={
              state.filters.length > 0 && (
                <Button variant="secondary" onClick={() => update({ filters: [] })}>
                  Clear filters
                </Button>
              )
            }
          />
        }
      />

      <MessageDrawer trackingId={state.open} onClose={() => update({ open: "" })} canResend={canResend} />
    </>
  );
}
