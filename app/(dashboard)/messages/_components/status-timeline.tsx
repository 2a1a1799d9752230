// Every status change of the message and its parts, oldest first, with the time since it was
// created.
import { StatusBadge, StatusDot } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Time } from "@/components/ui/time";
import type { MessageDetail } from "./api";
import { offsetLabel } from "@/lib/ui/format";

export function StatusTimeline({ events, createdAt, partCount }: { events: MessageDetail["events"]; createdAt: string; partCount: number }) {
  return (
    <Card>
      <CardHeader title="Status timeline" />
      <ol aria-label="Status timeline" className="px-5 py-4">
        {events.map((e, i) => (
          <li key={e.id} className="relative flex gap-3 pb-5 last:pb-0">
            {i < events.length - 1 && <span aria-hidden="true" className="absolute top-4 bottom-0 left-[4.5px] w-px bg-slate-200 dark:bg-slate-700" />}
            <StatusDot status={e.status} className="mt-1.5" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <StatusBadge status={e.status} />
                {partCount > 1 && e.part > 0 && <span className="text-xs font-medium text-slate-500 dark:text-slate-400">Part {e.part}</span>}
                <Time at={e.at} show="time" className="ml-auto text-xs text-slate-500 tabular-nums dark:text-slate-400" />
              </div>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {e.detailedStatus && e.detailedStatus !== e.status && <span className="font-medium">{e.detailedStatus}: </span>}
                {e.description}
              </p>
              {i > 0 && <p className="text-xs text-slate-400 tabular-nums dark:text-slate-500">{offsetLabel(createdAt, e.at)} after creation</p>}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
