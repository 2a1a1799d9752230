// The message page: header, body, details, parts and their route, status timeline and callbacks.
// Polls while the message can still change, so Queued → Sent → Delivered shows up live.
"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ChevronLeftIcon, SendIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClasses } from "@/components/ui/button";
import { Skeleton, Skeletons } from "@/components/ui/skeleton";
import { LoadError } from "@/components/ui/load-error";
import { isFinal } from "@/lib/core/sms/statuses";
import { ApiError } from "@/lib/ui/api-client";
import { fetchMessage, messageKey, type MessageDetail } from "./api";
import { CallbacksSection } from "./callbacks-section";
import { MessageBody } from "./message-body";
import { MessageDetails } from "./message-details";
import { PartsTable } from "./parts-table";
import { hasRoute, PartRoutes } from "./part-routes";
import { StatusTimeline } from "./status-timeline";
import { formatDateTimeSeconds } from "@/lib/ui/format";

/** Fast while the status can change, slower while callbacks are still being delivered. */
function pollInterval(d: MessageDetail | undefined): number | false {
  if (!d || !isFinal(d.message.status)) return 1500;
  return d.callbacks.some((c) => c.state === "pending") ? 2500 : false;
}

export function MessageView({ trackingId, canResend }: { trackingId: string; canResend: boolean }) {
  const query = useQuery({
    queryKey: messageKey(trackingId),
    queryFn: () => fetchMessage(trackingId),
    refetchInterval: (q) => pollInterval(q.state.data),
  });
  const back = (
    <Link
      href="/compose"
      className="mb-4 inline-flex items-center gap-1 rounded text-sm font-medium text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:text-slate-100"
    >
      <ChevronLeftIcon />
      Compose
    </Link>
  );

  if (query.isPending)
    return (
      <>
        {back}
        <MessageSkeleton />
      </>
    );
  if (!query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        {back}
        {notFound ? (
          <Card>
            <EmptyState
              icon={<SendIcon size={22} />}
              title="Message not found"
              description="There is no message with this tracking id in your account. It may belong to another account, or the link is incomplete."
              action={
                <Link href="/compose" className={buttonClasses("primary")}>
                  Send an SMS
                </Link>
              }
            />
          </Card>
        ) : (
          <LoadError what="The message" message={query.error?.message ?? ""} onRetry={() => query.refetch()} />
        )}
      </>
    );
  }

  const { message: m, parts, events, callbacks, clicks } = query.data;
  const live = !isFinal(m.status);
  return (
    <>
      {back}
      <PageHeader
        title={
          <>
            SMS to <span className="tabular-nums">{m.to}</span>
          </>
        }
        description={
          <>
            From <strong className="font-medium text-slate-900 dark:text-slate-100">{m.from}</strong> · created {formatDateTimeSeconds(m.createdAt)}
            {m.label && <> · {m.label}</>}
          </>
        }
        actions={
          <div className="flex items-center gap-3">
            {live && (
              <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
                <span className="relative flex size-2">
                  <span className="absolute inline-flex size-full motion-safe:animate-ping rounded-full bg-sky-400 opacity-75" />
                  <span className="relative inline-flex size-2 rounded-full bg-sky-500" />
                </span>
                Updating live
              </span>
            )}
            <span role="status" aria-label={`Status: ${m.status}`} data-testid="message-status" className="text-base">
              <StatusBadge status={m.status} />
            </span>
          </div>
        }
      />

      {/* Two columns on large screens; on small ones a single column in reading order (the
          columns become display: contents so their cards can be ordered). */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="contents min-w-0 lg:block lg:space-y-6">
          <div className="order-1">
            <MessageBody message={m} parts={parts} />
          </div>
          <Card className="order-4">
            <CardHeader title="Parts" description={m.parts === 1 ? "Sent as a single SMS." : `Sent as ${m.parts} concatenated SMS; each part is billed and reported on its own.`} />
            <PartsTable parts={parts} currency={m.currency} total={m.parts} />
          </Card>
          {hasRoute(parts) && (
            <div className="order-4">
              <PartRoutes parts={parts} total={m.parts} />
            </div>
          )}
          <div className="order-5">
            <CallbacksSection trackingId={m.trackingId} callbacks={callbacks} callbackUrl={m.callback.url} canResend={canResend} />
          </div>
        </div>
        <div className="contents min-w-0 lg:block lg:space-y-6">
          <div className="order-2">
            <MessageDetails message={m} clicks={clicks} />
          </div>
          <div className="order-3">
            <StatusTimeline events={events} createdAt={m.createdAt} partCount={m.parts} />
          </div>
        </div>
      </div>
    </>
  );
}

function MessageSkeleton() {
  return (
    <div role="status" aria-label="Loading the message">
      <Skeleton className="h-8 w-72" />
      <Skeleton className="mt-3 h-4 w-96 max-w-full" />
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Skeletons className="space-y-6" sizes={["h-40", "h-48"]} />
        <Skeleton className="h-96" />
      </div>
    </div>
  );
}
