// The account's latest messages under the compose form, each linking to its page. Refreshes
// while any of them can still change status.
"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { ChevronRightIcon } from "@/components/ui/icons";
import { Skeletons } from "@/components/ui/skeleton";
import { Time } from "@/components/ui/time";
import { isFinal } from "@/lib/core/sms/statuses";
import { plural } from "@/lib/ui/format";
import { fetchRecentMessages, recentMessagesKey } from "../../messages/_components/api";

const SIZE = 10;

export function RecentMessages({ className }: { className?: string }) {
  const query = useQuery({
    queryKey: recentMessagesKey(SIZE),
    queryFn: () => fetchRecentMessages(SIZE),
    refetchInterval: (q) => (q.state.data?.content.some((m) => !isFinal(m.status)) ? 3000 : false),
  });
  const page = query.data;
  return (
    <Card className={className}>
      <CardHeader title="Recent messages" description={page && page.totalElements > SIZE ? `The latest ${SIZE} of ${page.totalElements} sent from this account.` : undefined} />
      {query.isPending ? (
        <Skeletons className="space-y-3 px-5 py-4" sizes={["h-10", "h-10", "h-10"]} />
      ) : !page ? (
        <p role="alert" className="px-5 py-6 text-sm text-red-700 dark:text-red-400">
          Recent messages could not be loaded: {query.error?.message}
        </p>
      ) : page.content.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500 dark:text-slate-400">No messages yet. Send your first one above; it will show up here with its delivery status.</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {page.content.map((m) => (
            <li key={m.trackingId}>
              <Link
                href={`/messages/${m.trackingId}`}
                className="group flex items-center gap-4 px-5 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500 dark:hover:bg-slate-800/40"
              >
                <div className="min-w-0 flex-1 sm:w-36 sm:flex-none">
                  <p className="truncate text-sm font-medium text-slate-900 tabular-nums dark:text-slate-100">{m.to}</p>
                  <p className="truncate text-xs text-slate-500 dark:text-slate-400">from {m.from}</p>
                  <p className="truncate text-xs text-slate-600 sm:hidden dark:text-slate-400">{m.body}</p>
                </div>
                <p className="hidden min-w-0 flex-1 truncate text-sm text-slate-600 sm:block dark:text-slate-400">{m.body}</p>
                <span className="hidden shrink-0 text-xs text-slate-500 sm:inline dark:text-slate-400">{plural(m.parts, "part")}</span>
                <Time at={m.createdAt} show="relative" className="hidden w-28 shrink-0 text-right text-xs text-slate-500 md:inline dark:text-slate-400" />
                <span className="shrink-0 text-right sm:w-24">
                  <StatusBadge status={m.status} />
                </span>
                <ChevronRightIcon className="shrink-0 text-slate-400 group-hover:text-slate-600" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
