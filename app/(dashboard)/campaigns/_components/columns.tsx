// Columns of the campaign list.
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { formatDateTime, formatPrice, formatRelative } from "@/lib/ui/format";
import type { CampaignSummary } from "./api";
import { CampaignProgress, CampaignStateBadge } from "./campaign-state";

const col = createColumnHelper<CampaignSummary>();

/** When a campaign goes, went or was made, in words. */
function whenOf(c: CampaignSummary): { label: string; at: string } {
  if (c.state === "Scheduled") return { label: "Sends", at: c.scheduledDate };
  if (c.endedAt) return { label: "Ended", at: c.endedAt };
  if (c.startedAt) return { label: "Started", at: c.startedAt };
  return { label: "Created", at: c.createdAt };
}

export const campaignColumns = [
  col.accessor("campaignName", {
    header: "Campaign",
    cell: ({ row }) => {
      const c = row.original;
      return (
        <div className="max-w-[18rem] min-w-0">
          <Link
            href={`/campaigns/${c.trackingId}`}
            className="block truncate font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-100 dark:hover:text-indigo-300"
          >
            {c.campaignName || <span className="text-slate-500 italic">Unnamed (API)</span>}
          </Link>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400" title={c.body}>
            {c.from} · {c.body}
          </p>
        </div>
      );
    },
  }),
  col.accessor("state", { header: "State", cell: ({ getValue }) => <CampaignStateBadge state={getValue()} /> }),
  col.display({
    id: "progress",
    header: "Progress",
    cell: ({ row }) => {
      const c = row.original;
      const s = c.statuses;
      const delivered = c.totalMessages ? Math.round((s.Delivered / c.totalMessages) * 100) : 0;
      return (
        <div className="w-40 min-w-36">
          <CampaignProgress statuses={s} total={c.totalMessages} progress={c.progress} />
          <p className="mt-1.5 text-xs whitespace-nowrap text-slate-500 tabular-nums dark:text-slate-400">
            {c.state === "Scheduled" ? "Not started" : `${Math.round(c.progress * 100)}% done · ${delivered}% delivered`}
          </p>
        </div>
      );
    },
    meta: { className: "hidden md:table-cell" },
  }),
  col.accessor("totalMessages", {
    header: "Recipients",
    cell: ({ row }) => {
      const c = row.original;
      const s = c.statuses;
      const problems = s.Undelivered + s.Failed + s.Unsent;
      return (
        <div className="text-sm tabular-nums">
          <p className="text-slate-900 dark:text-slate-100">{c.totalMessages.toLocaleString("en")}</p>
          {c.state !== "Scheduled" && (
            <p className="text-xs whitespace-nowrap">
              <span className="block text-emerald-700 dark:text-emerald-400">{s.Delivered.toLocaleString("en")} delivered</span>
              {problems > 0 && <span className="block text-amber-700 dark:text-amber-400">{problems.toLocaleString("en")} not delivered</span>}
            </p>
          )}
        </div>
      );
    },
    meta: { className: "text-right" },
  }),
  col.accessor("cost", {
    header: "Cost",
    cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatPrice(row.original.cost, row.original.currency)}</span>,
    meta: { className: "hidden text-right lg:table-cell" },
  }),
  col.display({
    id: "when",
    header: "When",
    cell: ({ row }) => {
      const { label, at } = whenOf(row.original);
      return (
        <span className="block text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
          {label}
          <time dateTime={at} title={formatDateTime(at)} className="block text-sm text-slate-900 dark:text-slate-200">
            {row.original.state === "Scheduled" ? formatDateTime(at) : formatRelative(at)}
          </time>
          {row.original.respectQuietHours && <span className="block text-slate-500">Respects quiet hours</span>}
        </span>
      );
    },
    meta: { className: "hidden sm:table-cell" },
  }),
];
