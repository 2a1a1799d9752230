// The latest campaigns with their state and progress, each linking to its page.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ArrowRightIcon, MegaphoneIcon } from "@/components/ui/icons";
import type { CampaignSummary } from "@/lib/schemas/dashboard-campaigns";
import { formatCount, formatRelative } from "@/lib/ui/format";
import { CampaignProgress, CampaignStateBadge } from "../../campaigns/_components/campaign-state";

function when(c: CampaignSummary): string {
  if (c.state === "Scheduled") return `Sends ${formatRelative(c.scheduledDate)}`;
  if (c.endedAt) return `Ended ${formatRelative(c.endedAt)}`;
  if (c.startedAt) return `Started ${formatRelative(c.startedAt)}`;
  return `Created ${formatRelative(c.createdAt)}`;
}

export function RecentCampaigns({ campaigns, canCreate }: { campaigns: CampaignSummary[]; canCreate: boolean }) {
  return (
    <Card>
      <CardHeader
        title="Latest campaigns"
        description="Progress of your most recent campaigns."
        actions={
          <Link href="/campaigns" className={buttonClasses("ghost", "sm")}>
            All campaigns
            <ArrowRightIcon />
          </Link>
        }
      />
      {campaigns.length === 0 ? (
        <div className="flex flex-col items-center gap-3 px-5 py-10 text-center text-sm text-slate-500 dark:text-slate-400">
          <MegaphoneIcon size={22} className="text-slate-400" />
          <p>No campaigns yet.</p>
          {canCreate && (
            <Link href="/campaigns/new" className={buttonClasses("secondary", "sm")}>
              Create a campaign
            </Link>
          )}
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {campaigns.map((c) => {
            const delivered = c.totalMessages ? Math.round((c.statuses.Delivered / c.totalMessages) * 100) : 0;
            return (
              <li key={c.trackingId}>
                <Link
                  href={`/campaigns/${c.trackingId}`}
                  className="group grid grid-cols-1 gap-x-6 gap-y-2 px-5 py-3.5 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500 sm:grid-cols-[minmax(0,1fr)_14rem] dark:hover:bg-slate-800/50"
                >
                  <div className="min-w-0">
                    <div className="flex items-center gap-2">
                      <p className="truncate font-medium text-slate-900 group-hover:text-indigo-600 dark:text-slate-100 dark:group-hover:text-indigo-300">{c.campaignName || "Unnamed (API)"}</p>
                      <CampaignStateBadge state={c.state} />
                    </div>
                    <p className="mt-0.5 truncate text-xs text-slate-500 dark:text-slate-400">
                      {when(c)} · {formatCount(c.totalMessages)} {c.totalMessages === 1 ? "recipient" : "recipients"}
                    </p>
                  </div>
                  <div className="self-center">
                    <CampaignProgress statuses={c.statuses} total={c.totalMessages} progress={c.progress} />
                    <p className="mt-1.5 text-xs whitespace-nowrap text-slate-500 tabular-nums dark:text-slate-400">
                      {c.state === "Scheduled" ? "Not started" : `${Math.round(c.progress * 100)}% done · ${delivered}% delivered`}
                    </p>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
